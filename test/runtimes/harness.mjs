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

/** The WHATWG encodings' names (the Encoding Standard's list, without the replacement encoding). */
const ENCODINGS = [
  'utf-8',
  'ibm866',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
  'gbk',
  'gb18030',
  'big5',
  'euc-jp',
  'iso-2022-jp',
  'shift_jis',
  'euc-kr',
  'utf-16be',
  'utf-16le',
  'x-user-defined',
];

/**
 * `cases`: `{ id, base64, options, sync }[]`; a sync case runs `extract()` after `loadShippedModels()`,
 * the others `extractAsync()`. Returns `{ id, content }` or `{ id, error }` for each case, in order, and
 * the encodings this runtime's TextDecoder does not know (pith decodes those itself or reads them as
 * windows-1252: src/input/decode.ts).
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
  return { outputs, unknownEncodings: unknownEncodings(ENCODINGS) };
}

/** The TextDecoder labels this runtime does not know, of those given (the legacy encodings vary). */
function unknownEncodings(labels) {
  return labels.filter((label) => {
    try {
      new TextDecoder(label);
      return false;
    } catch {
      return true;
    }
  });
}
