/** What the EventStoreDB stand-in keeps: one log in memory, as the server's transaction file and indexes would. */

export interface LoggedEvent {
  id: string;
  stream: string;
  /** 0-based, as EventStoreDB counts. */
  revision: number;
  /** The event's place in `$all`; commit and prepare positions are equal, as for any single-append write. */
  position: number;
  type: string;
  contentType: string;
  /** 100 ns ticks since 1970, as the server's gRPC API sends them. */
  created: bigint;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export type ProposedEvent = Pick<LoggedEvent, 'id' | 'type' | 'contentType' | 'data' | 'customMetadata'>;

/** `any`, `no_stream`, `stream_exists` or the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export type AppendOutcome =
  | { ok: true; revision: number; position: number }
  /** `current` is the stream's last revision, or null when it has no events. */
  | { ok: false; current: number | null };

export type Filter = (event: LoggedEvent) => boolean;

const TICKS_PER_MS = 10_000n;

/** Log positions grow by more than one per event, as the server's byte offsets do; 0 is never an event. */
const POSITION_STEP = 128;

export function createInMemoryLog(clock: () => number = Date.now) {
  const all: LoggedEvent[] = [];
  const streams = new Map<string, LoggedEvent[]>();
  const listeners = new Set<(event: LoggedEvent) => void>();
  const tombstoned = new Set<string>();

  const lastRevision = (stream: string): number | null => {
    const events = streams.get(stream);
    return events && events.length > 0 ? events.length - 1 : null;
  };

  /** The server's idempotency: the same ids right after the expected revision are a retried write. */
  function retried(stream: string, expected: number | null, proposed: readonly ProposedEvent[]): LoggedEvent | null {
    const following = (streams.get(stream) ?? []).slice((expected ?? -1) + 1, (expected ?? -1) + 1 + proposed.length);
    if (following.length !== proposed.length || following.some((event, i) => event.id !== proposed[i]?.id)) return null;
    return following[following.length - 1] ?? null;
  }

  return {
    append(stream: string, expected: ExpectedRevision, proposed: readonly ProposedEvent[]): AppendOutcome {
      const current = lastRevision(stream);
      const wanted = expected === 'no_stream' ? null : expected;
      if (typeof wanted === 'number' || wanted === null) {
        const again = wanted !== current ? retried(stream, wanted, proposed) : null;
        if (again) return { ok: true, revision: again.revision, position: again.position };
        if (wanted !== current) return { ok: false, current };
      }
      if (expected === 'stream_exists' && current === null) return { ok: false, current };
      const events = streams.get(stream) ?? [];
      streams.set(stream, events);
      const created = BigInt(clock()) * TICKS_PER_MS;
      const written = proposed.map((event) => {
        const logged: LoggedEvent = {
          ...event,
          stream,
          revision: events.length,
          position: (all.length + 1) * POSITION_STEP,
          created,
        };
        events.push(logged);
        all.push(logged);
        return logged;
      });
      for (const event of written) for (const listener of listeners) listener(event);
      const last = written[written.length - 1];
      return last
        ? { ok: true, revision: last.revision, position: last.position }
        : { ok: true, revision: current ?? -1, position: 0 };
    },

    /** null when the stream has no events. `from` is inclusive in both directions, as the server reads. */
    readStream(
      stream: string,
      options: { from: number | 'start' | 'end'; backwards: boolean; count: number },
    ): LoggedEvent[] | null {
      const events = streams.get(stream);
      if (!events || events.length === 0) return null;
      const { from, backwards, count } = options;
      if (backwards) {
        const top = from === 'end' ? events.length - 1 : from === 'start' ? -1 : Math.min(from, events.length - 1);
        return events
          .slice(0, top + 1)
          .reverse()
          .slice(0, count);
      }
      const bottom = from === 'start' ? 0 : from === 'end' ? events.length : from;
      return events.slice(bottom, bottom + count);
    },

    /**
     * Forwards from a position includes the event at that position; backwards gives those before it.
     * The filter only decides what is returned (the server's search window is not modelled).
     */
    readAll(options: { from: number | 'start' | 'end'; backwards: boolean; count: number; filter: Filter }) {
      const { from, backwards, count, filter } = options;
      const matching: LoggedEvent[] = [];
      if (backwards) {
        for (let i = all.length - 1; i >= 0 && matching.length < count; i--) {
          const event = all[i] as LoggedEvent;
          if (from === 'start' || (typeof from === 'number' && event.position >= from)) continue;
          if (filter(event)) matching.push(event);
        }
        return matching;
      }
      for (const event of all) {
        if (matching.length >= count) break;
        if (from === 'end' || (typeof from === 'number' && event.position < from)) continue;
        if (filter(event)) matching.push(event);
      }
      return matching;
    },

    /** Every event after `position` (exclusive; 0 for all), for a subscription's catch-up. */
    after(position: number): LoggedEvent[] {
      return all.filter((event) => event.position > position);
    },

    lastPosition: () => all[all.length - 1]?.position ?? 0,

    /** A hard delete: the stream can never be read or written again; `$all` keeps its events until a scavenge. */
    tombstone(stream: string): void {
      tombstoned.add(stream);
    },
    isTombstoned: (stream: string) => tombstoned.has(stream),

    /** What the server's scavenge does for tombstoned streams: their events leave `$all` for good. */
    scavenge(): void {
      const kept = all.filter((event) => !tombstoned.has(event.stream));
      all.splice(0, all.length, ...kept);
      for (const stream of tombstoned) streams.delete(stream);
    },

    /** Calls back for each event as it is written; returns an unsubscribe. */
    onWrite(listener: (event: LoggedEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type InMemoryLog = ReturnType<typeof createInMemoryLog>;
