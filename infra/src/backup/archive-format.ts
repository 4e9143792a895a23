import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { StudioCounts } from './studio-counts.ts';

/**
 * A backup file: gzip of lines. The first is the manifest (JSON); then, for each table, a line naming it
 * and its columns (JSON), its rows as PostgreSQL's COPY text format writes them (one line a row, every
 * tab, newline and backslash in a value escaped), and the line `\.` (which no row can be), as psql's own
 * dumps end a table's data.
 */
export const FORMAT = 'order-tracker-backup';
export const END_OF_TABLE = '\\.';

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  /** The server's version, e.g. "17.10". */
  server: string;
  /** The migrations the database had: a restore needs every one of them. */
  migrations: string[];
  counts: StudioCounts;
  /** Distinct transactions among the events: their ids are renumbered for the server restored into. */
  eventTransactions: number;
  sequences: { relation: string; value: string }[];
  tables: { relation: string; rows: number }[];
}

export interface TableHeader {
  relation: string;
  columns: string[];
}

/** Writes lines into the gzip file; `write` waits while the file catches up. */
export function archiveWriter(file: string) {
  const lines = new PassThrough();
  const done = pipeline(lines, createGzip(), createWriteStream(file, { mode: 0o600 }));
  done.catch(() => {});
  const write = async (chunk: string | Buffer) => {
    if (!lines.write(chunk)) await new Promise((resolve) => lines.once('drain', resolve));
  };
  return {
    line: (value: string) => write(`${value}\n`),
    raw: write,
    /** A stream the caller may pipe into without ending the archive. */
    stream: lines,
    async close() {
      lines.end();
      await done;
    },
  };
}

/** The archive's lines, read as they are needed. */
export async function* archiveLines(file: string): AsyncGenerator<string> {
  const input: Readable = createReadStream(file).pipe(createGunzip());
  yield* createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
}

export function parseManifest(line: string | undefined, file: string): Manifest {
  let manifest: Partial<Manifest> = {};
  try {
    manifest = JSON.parse(line ?? '') as Partial<Manifest>;
  } catch {}
  if (manifest.format !== FORMAT || manifest.version !== 1) throw new Error(`${file} is not a backup of this app`);
  return manifest as Manifest;
}
