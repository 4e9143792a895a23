import { customerStreamPrefix } from '@ot/contracts/customers/customer-events.ts';
import {
  type AuditedEvent,
  type AuditFilter,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  startStreams,
} from '../event-store/event-store.ts';
import { recentlyUsed } from '../recently-used.ts';
import {
  hasPersonalValues,
  identifyingEmail,
  openData,
  openMetadata,
  sealData,
  sealMetadata,
  subjectsOf,
} from './field-encryption.ts';
import type { Keyring, Subject } from './keyring.ts';

/** Streams whose customer is kept in memory, so an append of notes or an address needs no look-up. */
const KEPT_STREAMS = 50_000;

/**
 * Crypto-shredding above the event store port: every personal field (contracts' personal-fields.ts) is
 * sealed with its customer's data key before it reaches either adapter, and opened as it is read; a field
 * whose key was destroyed reads as its erased form, never as an error. The hash chain covers what is
 * stored, so it stays whole when a key goes. A customer's own stream, named by email by the commands,
 * is stored under the customer's id.
 */
export function createEncryptingEventStore(inner: EventStore, keyring: Keyring): EventStore {
  const streamSubjects = recentlyUsed<string, string>(KEPT_STREAMS);

  /** Learns whose the stream is from its events as stored: the customer of its latest personal value. */
  function learnSubject(stream: string, events: readonly RecordedEvent[]): string | undefined {
    const last = latestSubject(events);
    if (last) streamSubjects.set(stream, last);
    return last;
  }

  /** The stream's customer with their key, for an append that names nobody (null: none, or erased). */
  async function subjectOfStream(stream: string): Promise<Subject | null> {
    const id = streamSubjects.get(stream) ?? learnSubject(stream, await inner.readStream(stream));
    if (!id) return null;
    const key = (await keyring.keysOf([id])).get(id);
    return key ? { id, key } : null;
  }

  return {
    ...inner,
    async append(stream, events, options) {
      const name = (await storedName(keyring, stream, true)) as string;
      const sealed = await sealStreamEvents(keyring, events, () => subjectOfStream(name));
      if (sealed.subject) streamSubjects.set(name, sealed.subject);
      return inner.append(name, sealed.events, options);
    },
    async readStream(stream, options) {
      const name = await storedName(keyring, stream, false);
      if (name === null) return [];
      const stored = await inner.readStream(name, options);
      if (options?.toVersion === undefined) learnSubject(name, stored);
      return openEvents(keyring, stored);
    },
    readEventsById: async (ids) => openEvents(keyring, await inner.readEventsById(ids)),
    readAudited: (filter) => readAuditedOpened(inner, keyring, filter),
    readAll: async (options) => openEvents(keyring, await inner.readAll(options)),
    startStreams: async (entries) => startStreams(inner, await sealStartEntries(keyring, entries)),
    async close() {
      await keyring.close();
      await inner.close();
    },
  };
}

/** The name the store keeps a stream under; null for a customer stream of an email without a key. */
async function storedName(keyring: Keyring, stream: string, make: boolean): Promise<string | null> {
  if (!stream.startsWith(customerStreamPrefix)) return stream;
  const email = stream.slice(customerStreamPrefix.length);
  if (!email.includes('@')) return stream;
  const id = make ? (await keyring.subjectForEmail(email)).id : await keyring.findSubject(email);
  return id ? `${customerStreamPrefix}${id}` : null;
}

/** The events as written; one that holds nothing sealed is passed on as it is (the same object). */
async function openEvents<E extends RecordedEvent>(keyring: Keyring, events: E[]): Promise<E[]> {
  const subjects = new Set<string>();
  for (const event of events) subjectsOf(event.type, event.data, event.metadata, subjects);
  if (subjects.size === 0) return events;
  const keys = await keyring.keysOf(subjects);
  return events.map((event) => {
    const data = openData(event.type, event.data, keys);
    const metadata = openMetadata(event.metadata, keys);
    return data === event.data && metadata === event.metadata ? event : { ...event, data, metadata };
  });
}

/** The customer of the latest personal value in these events as stored, if any names one. */
function latestSubject(events: readonly RecordedEvent[]): string | undefined {
  let last: string | undefined;
  for (const event of events) {
    const ofEvent = new Set<string>();
    subjectsOf(event.type, event.data, event.metadata, ofEvent);
    for (const id of ofEvent) last = id;
  }
  return last;
}

/** The audit trail opened in pages of 200, so a long trail never asks the keyring once per event. */
async function* readAuditedOpened(
  inner: EventStore,
  keyring: Keyring,
  filter: AuditFilter,
): AsyncGenerator<AuditedEvent> {
  // An auditor also gets what the hash covers: the event as stored, where it differs.
  const withSealed = async (stored: AuditedEvent[]) =>
    (await openEvents(keyring, stored)).map((event, i) => {
      const original = stored[i] as AuditedEvent;
      return event === original ? event : { ...event, sealed: { data: original.data, metadata: original.metadata } };
    });
  const page: AuditedEvent[] = [];
  for await (const event of inner.readAudited(filter)) {
    page.push(event);
    if (page.length >= 200) yield* await withSealed(page.splice(0));
  }
  yield* await withSealed(page);
}

/** Each first event of a batch of new streams sealed, under the name its stream is stored by. */
async function sealStartEntries(
  keyring: Keyring,
  entries: readonly { stream: string; event: NewEvent }[],
): Promise<{ stream: string; event: NewEvent }[]> {
  // Every customer of the batch known (their keys made) in one round trip, not one per new customer.
  const emails = entries.flatMap(({ stream, event }) => {
    const named = stream.startsWith(customerStreamPrefix) ? stream.slice(customerStreamPrefix.length) : '';
    return [identifyingEmail(event.type, event.data) ?? [], named.includes('@') ? named : []].flat();
  });
  await keyring.subjectsForEmails(emails);
  const sealed: { stream: string; event: NewEvent }[] = [];
  for (const entry of entries) {
    const { events, subject } = await sealStreamEvents(keyring, [entry.event], async () => null);
    // An imported customer's stream is named by the email its event names: the same customer, looked up once.
    const email = identifyingEmail(entry.event.type, entry.event.data);
    const ownStream =
      subject && email && entry.stream.toLowerCase() === `${customerStreamPrefix}${email}`.toLowerCase();
    const name = ownStream
      ? `${customerStreamPrefix}${subject}`
      : ((await storedName(keyring, entry.stream, true)) as string);
    sealed.push({ stream: name, event: events[0] as NewEvent });
  }
  return sealed;
}

type Sealable = Pick<NewEvent, 'type' | 'data' | 'metadata'>;

/**
 * Seals the personal values of events appended to one stream, in order: an event that names its customer
 * by email is theirs (and so are the stream's later events); one that does not is the stream's customer's
 * (`ofStream`), or a new customer's when the stream has none with a key.
 */
export async function sealStreamEvents<E extends Sealable>(
  keyring: Keyring,
  events: readonly E[],
  ofStream: () => Promise<Subject | null>,
): Promise<{ events: E[]; subject: string | null }> {
  let current: Subject | null = null;
  let looked = false;
  const sealed: E[] = [];
  for (const event of events) {
    const email = identifyingEmail(event.type, event.data);
    const personal =
      email !== null || hasPersonalValues(event.type, event.data) || event.metadata?.actor?.kind === 'customer';
    if (email) current = await keyring.subjectForEmail(email);
    else if (personal && !current) {
      if (!looked) current = await ofStream();
      looked = true;
      // A stream whose customer was erased (or never named) gets a key of its own from here on.
      current ??= await keyring.newSubject();
    }
    sealed.push(
      current && personal
        ? {
            ...event,
            data: sealData(event.type, event.data, current.id, current.key),
            metadata: sealMetadata(event.metadata, current.id, current.key),
          }
        : event,
    );
  }
  return { events: sealed, subject: current?.id ?? null };
}
