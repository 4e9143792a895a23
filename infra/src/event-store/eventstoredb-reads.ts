import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  END,
  type EventStoreDBClient,
  type Position,
  type ResolvedEvent,
  START,
} from '@eventstore/db-client';
import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import type { Checkpoint, RecordedEvent } from './event-store.ts';

/** Reads of `$all` go page by page: it also holds the server's own events and other applications' streams. */
export const PAGE = 500;

/** The client and which streams are ours: what every read of the EventStoreDB adapter needs. */
export interface EsdbReads {
  client: EventStoreDBClient;
  streamPrefixes: string[];
}

/**
 * Every stream of ours is kept under this namespace: the streams written before personal fields were sealed
 * keep their bare names, are copied here sealed once (privacy/convert-eventstoredb-history.ts) and then
 * tombstoned. EventStoreDB cannot rewrite an event; a copy under other names leaves `$all` with no
 * plaintext event of ours once the server has scavenged, and each copy keeps its revisions.
 */
export const SEALED_NAMESPACE = 'sealed.';

/** The name EventStoreDB keeps one of our streams under. */
export const storedStream = (stream: string) => `${SEALED_NAMESPACE}${stream}`;

const ours = (reads: EsdbReads, stored: string) =>
  stored.startsWith(SEALED_NAMESPACE) &&
  reads.streamPrefixes.some((prefix) => stored.startsWith(prefix, SEALED_NAMESPACE.length));

/** An event of ours as the port records it (a stream's version is its revision + 1); null for any other. */
export function toRecorded(reads: EsdbReads, resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event?.isJson || !ours(reads, event.streamId)) return null;
  const { schemaVersion, ...metadata } = event.metadata as { schemaVersion?: number } & EventMetadata;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata,
    schemaVersion: schemaVersion ?? 1,
    stream: event.streamId.slice(SEALED_NAMESPACE.length),
    version: Number(event.revision) + 1,
    position: Number(event.position?.prepare ?? 0n),
    tx: Number(event.position?.commit ?? 0n),
  };
}

export const isAfter = (position: Position, checkpoint: Checkpoint) =>
  position.commit > BigInt(checkpoint.tx) ||
  (position.commit === BigInt(checkpoint.tx) && position.prepare > BigInt(checkpoint.position));

export async function readAllPage(
  reads: EsdbReads,
  from: Position | typeof START | typeof END,
  direction: 'forwards' | 'backwards',
  size = PAGE,
): Promise<AllStreamResolvedEvent[]> {
  const page: AllStreamResolvedEvent[] = [];
  for await (const resolved of reads.client.readAll({ fromPosition: from, direction, maxCount: size }))
    page.push(resolved);
  return page;
}

/** Our events after `after`, at most `limit`; reading `$all` from a position includes that position. */
export async function readOurs(reads: EsdbReads, after: Checkpoint, limit: number): Promise<RecordedEvent[]> {
  let from: Position | typeof START =
    after.tx === 0 && after.position === 0 ? START : { commit: BigInt(after.tx), prepare: BigInt(after.position) };
  for (;;) {
    const page = await readAllPage(reads, from, 'forwards');
    const events = page
      .filter((resolved) => resolved.event?.position && isAfter(resolved.event.position, after))
      .flatMap((resolved) => toRecorded(reads, resolved) ?? []);
    const last = page[page.length - 1]?.event?.position;
    if (events.length > 0 || page.length < PAGE || !last) return events.slice(0, limit);
    from = last;
  }
}

export async function readStream(
  reads: EsdbReads,
  stream: string,
  options: { toVersion?: number } = {},
): Promise<RecordedEvent[]> {
  if (options.toVersion !== undefined && options.toVersion < 1) return [];
  const events: RecordedEvent[] = [];
  try {
    for await (const resolved of reads.client.readStream(storedStream(stream), {
      fromRevision: START,
      maxCount: options.toVersion,
    })) {
      const event = toRecorded(reads, resolved);
      if (event) events.push(event);
    }
  } catch (error) {
    if ((error as { type?: string }).type === 'stream-not-found') return [];
    throw error;
  }
  return events;
}

export async function streamVersion(reads: EsdbReads, stream: string): Promise<number> {
  try {
    let version = 0;
    // Read to its end (one event), not returned from inside: an abandoned read keeps its call open.
    for await (const resolved of reads.client.readStream(storedStream(stream), {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    })) {
      version = Number(resolved.event?.revision ?? -1n) + 1;
    }
    return version;
  } catch (error) {
    if ((error as { type?: string }).type === 'stream-not-found') return 0;
    throw error;
  }
}

/**
 * Our newest event's place, read backwards from the end of `$all`: asked before every signed-in read, so
 * it starts with a small page (the newest event is usually ours).
 */
export async function newestOfOurs(reads: EsdbReads): Promise<Checkpoint | null> {
  let from: Position | typeof END = END;
  for (let size = 16; ; size = Math.min(size * 4, PAGE)) {
    const page = await readAllPage(reads, from, 'backwards', size);
    const newest = page.find((resolved) => toRecorded(reads, resolved))?.event?.position;
    if (newest) return { tx: Number(newest.commit), position: Number(newest.prepare) };
    const oldest = page[page.length - 1]?.event?.position;
    if (page.length < size || !oldest) return null;
    from = oldest;
  }
}
