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

/**
 * `COPY relation (columns) FROM STDIN` with the rows given, on one connection (inside the caller's
 * transaction). pg runs any object with `submit` as a query; this one answers the server's request for
 * data with the rows in text format.
 */
export function copyRows(db: pg.ClientBase, relation: string, columns: readonly string[], rows: readonly Row[]) {
  const list = columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
  const lines: string[] = [];
  for (const row of rows) {
    const values: string[] = [];
    for (const column of columns) values.push(copyText(row[column]));
    lines.push(values.join('\t'));
  }
  const data = `${lines.join('\n')}\n`;
  return new Promise<void>((resolve, reject) => {
    let failed: unknown = null;
    const copy = {
      submit(connection: CopyConnection) {
        connection.query(`copy ${relation} (${list}) from stdin`);
      },
      handleCopyInResponse(connection: CopyConnection) {
        connection.sendCopyFromChunk(Buffer.from(data));
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (failed) reject(failed);
        else resolve();
      },
      handleError(error: unknown) {
        failed = error;
        reject(error);
      },
    };
    db.query(copy as unknown as pg.QueryConfig);
  });
}

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}
