/** The model's JSON text with every GBDT model's trees packed (minified, as the bundle holds it). */
export function packModelText(text: string): string;
