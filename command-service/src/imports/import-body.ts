import { INVALID_JSON } from '@ot/contracts/imports/import-input.ts';
import { badRequest, HttpError } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import { allStorable, UNSTORABLE_TEXT } from '@ot/infra/http/storable-input.ts';
import busboy from 'busboy';
import { readRawBody } from '../http/raw-body.ts';

/** What an import can hold: JSON rows as sent, or a file as spreadsheets and exports write it. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;

const importPaths: Record<string, 'orders' | 'customers'> = {
  '/api/admin/import': 'orders',
  '/api/admin/import-customers': 'customers',
};

/**
 * The import endpoints' word for a JSON body that did not parse: the import screen's own
 * message, or, for JSON that is not an array at all, that it must be one. Null for other endpoints.
 */
export function importJsonError(path: string, rawBody: unknown): HttpError | null {
  const noun = importPaths[path.replace(/\/+$/, '')];
  if (!noun) return null;
  try {
    JSON.parse(String(rawBody ?? ''));
    return badRequest(`Data must be an array of ${noun}`);
  } catch {
    return badRequest(INVALID_JSON);
  }
}

export interface ImportFile {
  fileName: string | null;
  bytes: Buffer;
}

/** The first file of a multipart form (the import screen's upload, or curl -F): its name and bytes. */
function readFirstFile(ctx: AppContext, maxBytes: number): Promise<ImportFile> {
  const tooLarge = new HttpError(413, `The file is larger than ${maxBytes / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE');
  if (Number(ctx.get('content-length') || 0) > maxBytes + 1024 * 1024) return Promise.reject(tooLarge);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1024, parts: 21 },
      });
    } catch {
      reject(badRequest('The upload is not a valid multipart form'));
      return;
    }
    let file: (ImportFile & { truncated: boolean }) | null = null;
    parser.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      const current = { fileName: info.filename ?? null, bytes: Buffer.alloc(0), truncated: false };
      file = current;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A form cut off mid-file errors the file stream too; unheard, that error would end the process.
      stream.on('error', () => reject(badRequest('The upload is not a valid multipart form')));
      stream.on('limit', () => {
        current.truncated = true;
      });
      stream.on('end', () => {
        current.bytes = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(badRequest('The upload is not a valid multipart form')));
    parser.on('close', () => {
      const found = file as (ImportFile & { truncated: boolean }) | null;
      if (!found) reject(badRequest('Choose a file to import'));
      else if (found.truncated) reject(tooLarge);
      else resolve({ fileName: found.fileName, bytes: found.bytes });
    });
    ctx.req.pipe(parser);
  });
}

/**
 * A body that is not JSON: a multipart upload's first file, or the file itself as the body (text/csv,
 * text/plain, application/vnd.ms-excel as Windows labels .csv, application/octet-stream, or no type).
 */
export function readImportFile(ctx: AppContext): Promise<ImportFile> {
  if (ctx.is('multipart/form-data')) return readFirstFile(ctx, MAX_IMPORT_FILE_BYTES);
  return readRawBody(ctx, MAX_IMPORT_FILE_BYTES).then((bytes) => ({ fileName: null, bytes }));
}

/** Whether the bodyparser read the body as JSON (it leaves every other type alone: the body is then a file). */
export const isJsonBody = (ctx: AppContext): boolean => (ctx.request as { rawBody?: string }).rawBody !== undefined;

/** A file that holds JSON rows rather than CSV: named .json, or starting with `[` or `{`. */
export function looksLikeJson(file: ImportFile, text: string): boolean {
  if (file.fileName?.toLowerCase().endsWith('.json')) return true;
  return /^\s*[[{]/.test(text);
}

/** A JSON file's rows, with the screen's message when it is not JSON; refused like a JSON body when unstorable. */
export function parseJsonFile(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest(INVALID_JSON);
  }
  if (!allStorable(parsed)) throw badRequest(UNSTORABLE_TEXT);
  return parsed;
}
