import type pg from 'pg';
import { toNumber } from '../db/pool.ts';
import { eventHash } from './event-hash.ts';

export interface BrokenLink {
  /** The stream's name, or for a name that holds an email (a customer's, before conversion) where it starts. */
  stream: string;
  version: number;
  position: number | null;
  reason: string;
}

export interface ChainReport {
  streams: number;
  events: number;
  /** The first broken link of each stream whose chain does not hold, in stream order. */
  broken: BrokenLink[];
}

interface Row {
  stream: string;
  version: number;
  position: string;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: Buffer;
}

const PAGE = 1000;

/**
 * A broken link is printed and kept in audit.verifications, which outlives an erasure: a stream named by
 * an email is named by the position of its first event instead.
 */
const streamLabel = (stream: string, firstPosition: string) =>
  stream.includes('@')
    ? `${stream.slice(0, stream.indexOf('-') + 1)}(named by email, from position ${firstPosition})`
    : stream;

/**
 * Recompute every stream's hash chain from the events themselves (event-hash.ts), page by page in
 * (stream, version) order, so memory stays flat however large the store. A stream's chain breaks at
 * the first event whose stored hash differs from the recomputed one, or where a version is missing.
 */
export async function verifyEventChains(pool: pg.Pool): Promise<ChainReport> {
  const report: ChainReport = { streams: 0, events: 0, broken: [] };
  let stream: string | null = null;
  let label = '';
  let previous: Buffer | null = null;
  let expectedVersion = 1;
  let brokenStream: string | null = null;
  let after: [string, number] = ['', 0];
  for (;;) {
    const { rows } = await pool.query<Row>(
      `select stream, version, position::text, type, data, metadata, hash from es.events
        where (stream, version) > ($1, $2) order by stream, version limit ${PAGE}`,
      after,
    );
    for (const row of rows) {
      report.events += 1;
      if (row.stream !== stream) {
        stream = row.stream;
        label = streamLabel(row.stream, row.position);
        report.streams += 1;
        previous = null;
        expectedVersion = 1;
      }
      if (brokenStream === row.stream) continue;
      const broken = (reason: string, version = row.version, position: number | null = toNumber(row.position)) => {
        report.broken.push({ stream: label, version, position, reason });
        brokenStream = row.stream;
      };
      if (row.version !== expectedVersion) {
        broken(`version ${expectedVersion} is missing`, expectedVersion, null);
        continue;
      }
      const hash = eventHash(previous, row);
      if (!hash.equals(row.hash)) {
        broken('its hash does not match its content and the hash before it');
        continue;
      }
      previous = hash;
      expectedVersion += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return report;
    after = [last.stream, last.version];
  }
}
