import { parseString } from '@fast-csv/parse';
import { MAX_IMPORT_ROWS } from '@ot/contracts/imports/import-report.ts';
import { badRequest } from '@ot/infra/http/errors.ts';
import { tooManyRows } from '../import-answer.ts';

/**
 * Bytes as spreadsheets export them -> text: UTF-8 (with or without a BOM), UTF-16 with a BOM
 * (Excel's "Unicode text"), and Windows-1252 for old Excel exports that are not valid UTF-8.
 * NUL characters are dropped.
 */
export function decodeCsv(bytes: Buffer): string {
  // NUL is never text in a spreadsheet cell, and the database cannot store it.
  return decodeText(bytes).replaceAll('\u0000', '');
}

function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the first line (outside quotes): comma, or semicolon/tab as European exports use. */
export function detectDelimiter(text: string): string {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  const [best] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** Every record of a CSV text, header first, cells as text (quotes, commas and newlines in quotes, CRLF). */
export async function readCsvRecords(input: string): Promise<string[][]> {
  let text = input.replace(/^\uFEFF/, '');
  // Excel's own hint on the first line: `sep=;`.
  const hint = /^sep=(.)\r?\n/i.exec(text);
  if (hint) text = text.slice(hint[0].length);
  const delimiter = hint?.[1] ?? detectDelimiter(text);
  return new Promise((resolve, reject) => {
    const records: string[][] = [];
    const stream = parseString(text, { headers: false, delimiter, ignoreEmpty: false });
    stream.on('data', (record: string[]) => {
      records.push(record);
      if (records.length > MAX_IMPORT_ROWS + 1) {
        stream.destroy();
        reject(tooManyRows());
      }
    });
    stream.on('error', (error: Error) => reject(badRequest(`Could not read the CSV: ${error.message}`)));
    stream.on('end', () => resolve(records));
  });
}
