// Runs in every runtime under test (Deno, Bun, workerd, Chromium): extracts each case with the library
// it is given and returns the outputs, which the Node test compares with Node's, byte for byte.
// Plain JavaScript with no import: each runtime loads it as it is, beside the library's bundle.

/** Bytes from base64 with the web's atob (every runtime here has it; none has Node's Buffer). */
function bytesOf(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * `cases`: `{ id, base64, options, sync }[]`; a sync case runs `extract()` after `loadShippedModels()`,
 * the others `extractAsync()`. Returns `{ id, content }` or `{ id, error }` for each case, in order.
 */
export async function runCases(pith, cases) {
  await pith.loadShippedModels();
  const outputs = [];
  for (const testCase of cases) {
    const bytes = bytesOf(testCase.base64);
    try {
      const result = testCase.sync
        ? pith.extract(bytes, testCase.options)
        : await pith.extractAsync(bytes, testCase.options);
      outputs.push({ id: testCase.id, content: result.content, encoding: result.encoding ?? null });
    } catch (error) {
      outputs.push({ id: testCase.id, error: String(error?.stack ?? error) });
    }
  }
  return outputs;
}

/** The TextDecoder labels this runtime does not know, of those given (the legacy encodings vary). */
export function unknownEncodings(labels) {
  return labels.filter((label) => {
    try {
      new TextDecoder(label);
      return false;
    } catch {
      return true;
    }
  });
}
