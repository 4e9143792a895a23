import { randomUUID } from 'node:crypto';

/** The append benchmark's shape, shared by every side: 16 writers, 200 single-event appends each. */
export const WRITERS = 16;
export const APPENDS_PER_WRITER = 200;

/** A typical fine-grained event of ours: an item's status changed, with its envelope. */
export const benchEvent = (writer: number, n: number) => ({
  id: randomUUID(),
  type: 'ItemStatusChanged',
  data: { itemId: randomUUID(), from: 'ordered', to: 'in-build', writer, n, note: 'grip 58R, +1/2 inch' },
  metadata: {
    actor: { kind: 'admin' as const, id: randomUUID(), name: 'bench' },
    occurredAt: new Date().toISOString(),
    commandId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
  },
});

export interface AppendRun {
  eventsPerSecond: number;
  p99Ms: number;
}

/** Runs `append(writer, n)` 200 times in sequence on each of 16 concurrent writers; times it. */
export async function runWriters(append: (writer: number, n: number) => Promise<void>): Promise<AppendRun> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; n < APPENDS_PER_WRITER; n++) {
        const before = performance.now();
        await append(writer, n);
        latencies.push(performance.now() - before);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    eventsPerSecond: ((WRITERS * APPENDS_PER_WRITER) / elapsed) * 1000,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}
