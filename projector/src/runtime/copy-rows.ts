import type pg from 'pg';
import type { Row } from './projection.ts';

const special = /[\\\t\n\r]/;
const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: \N for null, backslash escapes for the characters the format reserves. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'boolean'
        ? value
          ? 't'
          : 'f'
        : typeof value === 'number' || typeof value === 'bigint'
          ? String(value)
          : JSON.stringify(value);
  return special.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => escapes[c] ?? c) : text;
}

/** Bytes of COPY data sent at a time (the protocol copies each out, so one buffer is reused). */
const CHUNK = 1 << 16;
const TAB = 9;
const NEWLINE = 10;

/**
 * The rows in COPY's text format, encoded straight into one reused buffer and handed to `send` a chunk
 * at a time: the server parses the first chunks while the rest are encoded, and no text of the whole
 * data is ever built.
 */
function encodeRows(rows: readonly Row[], columns: readonly string[], send: (chunk: Buffer) => void): void {
  let buffer = Buffer.allocUnsafe(CHUNK);
  let at = 0;
  const flush = () => {
    if (at > 0) send(buffer.subarray(0, at));
    at = 0;
  };
  const last = columns.length - 1;
  for (const row of rows) {
    for (let i = 0; i <= last; i++) {
      const text = copyText(row[columns[i] as string]);
      // Three bytes per UTF-16 unit at most, and the separator.
      const most = text.length * 3 + 1;
      if (at + most > buffer.length) {
        flush();
        if (most > buffer.length) buffer = Buffer.allocUnsafe(most);
      }
      at += buffer.write(text, at);
      buffer[at++] = i === last ? NEWLINE : TAB;
    }
  }
  flush();
}

/**
 * `COPY relation (columns) FROM STDIN` with the rows given, on one connection (inside the caller's
 * transaction). pg runs any object with `submit` as a query; this one answers the server's request for
 * data with the rows in text format.
 */
export function copyRows(db: pg.ClientBase, relation: string, columns: readonly string[], rows: readonly Row[]) {
  const list = columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
  return new Promise<void>((resolve, reject) => {
    let failed: unknown = null;
    const copy = {
      submit(connection: CopyConnection) {
        connection.query(`copy ${relation} (${list}) from stdin`);
      },
      handleCopyInResponse(connection: CopyConnection) {
        try {
          encodeRows(rows, columns, (chunk) => connection.sendCopyFromChunk(chunk));
          connection.endCopyFrom();
        } catch (error) {
          failed = error;
          connection.sendCopyFail(String(error));
        }
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (failed) reject(failed);
        else resolve();
      },
      handleError(error: unknown) {
        failed ??= error;
        reject(failed);
      },
    };
    db.query(copy as unknown as pg.QueryConfig);
  });
}

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}
