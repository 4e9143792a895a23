import { createHash } from 'node:crypto';
import {
  type AllStreamResolvedEvent,
  type EventStoreDBClient,
  jsonEvent,
  NO_STREAM,
  type Position,
  START,
  StreamNotFoundError,
} from '@eventstore/db-client';
import { customerStreamPrefix } from '@ot/contracts/customers/customer-events.ts';
import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import { eventHash } from '../event-store/event-hash.ts';
import { PAGE, SEALED_NAMESPACE, storedStream } from '../event-store/eventstoredb-reads.ts';
import { sealStreamEvents } from './encrypting-event-store.ts';
import { subjectsOf } from './field-encryption.ts';
import type { Keyring, Subject } from './keyring.ts';

/** A follower's place in the log (rm.checkpoints), as the EventStoreDB adapter keeps it: commit and prepare. */
export interface FollowerCheckpoint {
  name: string;
  tx: number;
  position: number;
}

/** An event as the copy holds it: what its hash covers, and where it stands. */
interface StoredCopy {
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  position: Position;
}

/**
 * One old stream as the copy goes: its name from now on, its customer, both chains' heads, and what a
 * run that stopped had copied of it already (sealed with the keys of then: kept, never sealed again).
 */
interface Copied {
  name: string;
  subject: Subject | null;
  events: number;
  oldHead: Buffer | null;
  newHead: Buffer | null;
  copiedBefore: StoredCopy[];
}

export interface CopyReport {
  /** Each copied stream by its new name: how many events, and the old and new chains' heads. */
  streams: { name: string; events: number; oldHead: Buffer; newHead: Buffer }[];
  /** sha256 of every old stream's head, `stream:hash` lines in stream order (as the Postgres migration records). */
  oldHead: Buffer;
  events: number;
  /** Each follower's checkpoint moved to the copy of the last event it had passed. */
  checkpoints: FollowerCheckpoint[];
  /** The old streams' names, to tombstone once all of this is committed. */
  oldStreams: string[];
  /** Each stream named otherwise now (a customer's own, by email before) with its new name. */
  renamed: [string, string][];
  /** Each asked-for old position (a read model keeps some) with its copy's. */
  positions: Map<number, number>;
}

/** Our streams as written before sealing: bare names of our prefixes (the sealed ones are namespaced). */
export const isOldStream = (stream: string, prefixes: readonly string[]) =>
  !stream.startsWith(SEALED_NAMESPACE) && prefixes.some((prefix) => stream.startsWith(prefix));

const after = (position: Position, checkpoint: FollowerCheckpoint) =>
  position.commit > BigInt(checkpoint.tx) ||
  (position.commit === BigInt(checkpoint.tx) && position.prepare > BigInt(checkpoint.position));

/**
 * Copies every old stream of ours, event by event in `$all`'s order, to its sealed form under the
 * namespace: the same ids, types and revisions, personal fields sealed, a customer's own stream named by
 * their id. In `$all`'s order, so the copies keep the old global order and a follower's checkpoint maps to
 * a place in the copies. Each append expects the event's own revision, so a run after a crash skips what
 * the last one copied. `interrupt` lets a test stop it midway.
 */
export async function copyOldStreams(
  client: EventStoreDBClient,
  keyring: Keyring,
  options: {
    prefixes: readonly string[];
    checkpoints: FollowerCheckpoint[];
    positions: ReadonlySet<number>;
    interrupt?: (copied: number) => void;
  },
): Promise<CopyReport> {
  const copies = new Map<string, Copied>();
  const positions = new Map<number, number>();
  const moved = new Map(options.checkpoints.map((checkpoint) => [checkpoint.name, { ...checkpoint }]));
  let events = 0;
  let from: Position | typeof START = START;
  for (;;) {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of client.readAll({ fromPosition: from, maxCount: PAGE })) page.push(resolved);
    for (const resolved of page) {
      const event = resolved.event;
      if (!event?.position || (from !== START && !after(event.position, { name: '', ...positionOf(from) }))) continue;
      if (!event.isJson || !isOldStream(event.streamId, options.prefixes)) continue;
      const copy = copies.get(event.streamId) ?? (await startCopy(client, keyring, event.streamId));
      copies.set(event.streamId, copy);
      const position = await copyEvent(client, keyring, copy, event);
      events += 1;
      const oldPosition = Number(event.position.prepare);
      if (options.positions.has(oldPosition)) positions.set(oldPosition, Number(position.prepare));
      for (const checkpoint of options.checkpoints) {
        // The copy of the last event a follower had passed is where it stands now.
        if (!after(event.position, checkpoint)) {
          moved.set(checkpoint.name, {
            name: checkpoint.name,
            tx: Number(position.commit),
            position: Number(position.prepare),
          });
        }
      }
      options.interrupt?.(events);
    }
    const last = page[page.length - 1]?.event?.position;
    if (page.length < PAGE || !last) break;
    from = last;
  }
  return { ...report(copies, events, [...moved.values()]), positions };
}

const positionOf = (position: Position) => ({ tx: Number(position.commit), position: Number(position.prepare) });

/** A customer's own stream, named by email before, is named by the customer's id (as the sealing store does). */
async function startCopy(client: EventStoreDBClient, keyring: Keyring, oldName: string): Promise<Copied> {
  const email = oldName.startsWith(customerStreamPrefix) ? oldName.slice(customerStreamPrefix.length) : '';
  const name = email.includes('@') ? `${customerStreamPrefix}${(await keyring.subjectForEmail(email)).id}` : oldName;
  const copiedBefore: StoredCopy[] = [];
  try {
    for await (const resolved of client.readStream(storedStream(name))) {
      const event = resolved.event;
      if (!event?.position) continue;
      const { schemaVersion: _version, ...metadata } = event.metadata as { schemaVersion?: number };
      copiedBefore.push({ id: event.id, type: event.type, data: event.data, metadata, position: event.position });
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return { name, subject: null, events: 0, oldHead: null, newHead: null, copiedBefore };
}

type Recorded = NonNullable<AllStreamResolvedEvent['event']>;

/** The stream's customer from here on: the one whose key sealed this event, if any. */
async function follow(keyring: Keyring, copy: Copied, event: Pick<StoredCopy, 'type' | 'data' | 'metadata'>) {
  const subjects = new Set<string>();
  subjectsOf(event.type, event.data, event.metadata, subjects);
  const id = [...subjects].at(-1);
  if (!id || id === copy.subject?.id) return;
  const key = (await keyring.keysOf([id])).get(id);
  copy.subject = key ? { id, key } : null;
}

async function copyEvent(client: EventStoreDBClient, keyring: Keyring, copy: Copied, event: Recorded) {
  const { schemaVersion, ...metadata } = event.metadata as { schemaVersion?: number } & EventMetadata;
  const version = Number(event.revision) + 1;
  copy.oldHead = eventHash(copy.oldHead, {
    stream: event.streamId,
    version,
    type: event.type,
    data: event.data,
    metadata,
  });
  copy.events += 1;
  const before = copy.copiedBefore[Number(event.revision)];
  if (before) {
    if (before.id !== event.id) throw new Error(`${copy.name} holds another event at revision ${event.revision}`);
    copy.newHead = eventHash(copy.newHead, { stream: copy.name, version, ...before });
    await follow(keyring, copy, before);
    return before.position;
  }
  const [stored] = (
    await sealStreamEvents(keyring, [{ type: event.type, data: event.data, metadata }], async () => copy.subject)
  ).events;
  if (!stored) throw new Error('an event was lost while sealing it');
  await follow(keyring, copy, stored);
  copy.newHead = eventHash(copy.newHead, { stream: copy.name, version, ...stored });
  const proposed = jsonEvent({
    id: event.id,
    type: event.type,
    data: stored.data as Record<string, unknown>,
    metadata: { ...(stored.metadata as object), schemaVersion: schemaVersion ?? 1 },
  });
  const expectedRevision = event.revision === 0n ? NO_STREAM : event.revision - 1n;
  const result = await client.appendToStream(storedStream(copy.name), proposed, { expectedRevision });
  if (!result.position) throw new Error('EventStoreDB answered an append without its position');
  return result.position;
}

function report(
  copies: Map<string, Copied>,
  events: number,
  checkpoints: FollowerCheckpoint[],
): Omit<CopyReport, 'positions'> {
  const oldStreams = [...copies.keys()].sort();
  const lines = oldStreams.map((stream) => `${stream}:${copies.get(stream)?.oldHead?.toString('hex') ?? ''}`);
  return {
    streams: [...copies.values()].map((copy) => ({
      name: copy.name,
      events: copy.events,
      oldHead: copy.oldHead as Buffer,
      newHead: copy.newHead as Buffer,
    })),
    oldHead: createHash('sha256').update(lines.join('\n'), 'utf8').digest(),
    renamed: [...copies].flatMap(([old, copy]) => (old === copy.name ? [] : [[old, copy.name] as [string, string]])),
    events,
    checkpoints,
    oldStreams,
  };
}
