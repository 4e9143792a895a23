import { type AllStreamResolvedEvent, type Position, type ResolvedEvent, START } from '@eventstore/db-client';
import { eventHash } from './event-hash.ts';
import { type AuditedEvent, type AuditFilter, type Checkpoint, type RecordedEvent, start } from './event-store.ts';
import { type EsdbReads, isAfter, PAGE, readAllPage, storedStream, toRecorded } from './eventstoredb-reads.ts';

const withRecordedAt = (reads: EsdbReads, resolved: ResolvedEvent | AllStreamResolvedEvent) => {
  const event = toRecorded(reads, resolved);
  return event && { event, recordedAt: (resolved.event?.created ?? new Date(0)).toISOString() };
};

/**
 * EventStoreDB keeps no hash of ours: the chain is computed as the events are read, the same way
 * Postgres computes it on append (event-hash.ts), so the two adapters' exports agree.
 */
const chain = (previous: Map<string, Buffer>, event: RecordedEvent, recordedAt: string): AuditedEvent => {
  const hash = eventHash(previous.get(event.stream) ?? null, event);
  previous.set(event.stream, hash);
  return { ...event, recordedAt, hash: hash.toString('hex') };
};

const inRange = (event: AuditedEvent, filter: AuditFilter) =>
  (!filter.from || event.recordedAt >= new Date(filter.from).toISOString()) &&
  (!filter.to || event.recordedAt < new Date(filter.to).toISOString());

/** The events of some streams, each read whole and then put in global order. */
async function auditedStreams(reads: EsdbReads, streams: readonly string[]): Promise<AuditedEvent[]> {
  const previous = new Map<string, Buffer>();
  const found: AuditedEvent[] = [];
  for (const stream of new Set(streams)) {
    try {
      for await (const resolved of reads.client.readStream(storedStream(stream), { fromRevision: START })) {
        const read = withRecordedAt(reads, resolved);
        if (read) found.push(chain(previous, read.event, read.recordedAt));
      }
    } catch (error) {
      if ((error as { type?: string }).type !== 'stream-not-found') throw error;
    }
  }
  return found.sort((a, b) => a.tx - b.tx || a.position - b.position);
}

export async function* readAudited(reads: EsdbReads, filter: AuditFilter): AsyncIterable<AuditedEvent> {
  if (filter.streams) {
    yield* (await auditedStreams(reads, filter.streams)).filter((event) => inRange(event, filter));
    return;
  }
  // The whole log, page by page; only the last hash of each stream is kept.
  const previous = new Map<string, Buffer>();
  let from: Position | typeof START = START;
  let after: Checkpoint = start;
  for (;;) {
    const page = await readAllPage(reads, from, 'forwards');
    for (const resolved of page) {
      if (!resolved.event?.position || !isAfter(resolved.event.position, after)) continue;
      const read = withRecordedAt(reads, resolved);
      if (!read) continue;
      const event = chain(previous, read.event, read.recordedAt);
      if (inRange(event, filter)) yield event;
    }
    const last = page[page.length - 1]?.event?.position;
    if (page.length < PAGE || !last) return;
    from = last;
    after = { tx: Number(last.commit), position: Number(last.prepare) };
  }
}
