import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signedInAdmin } from '../support/scenario.ts';
import { type Stack, startStack } from '../support/stack.ts';

/**
 * GET /api/audit/export streams from an event store cursor: 100,000 events of about 1 KB each (well
 * over 100 MB of NDJSON) go out while the server's heap (same process as this test) stays far below
 * what holding them would take.
 */
const EVENTS = 100_000;
// A full collection on demand, so what is measured is what the server still holds, not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const retained = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const test = suite<{ stack: Stack }>('audit export: 100,000 events in constant memory', {} as { stack: Stack });

test.before(async (context) => {
  context.stack = await startStack({}, { projector: false });
  // Seeding only: 100 streams of 1,000 events, written straight into the store (the hash trigger chains them).
  await context.stack.db.pool.query(
    `insert into es.events (stream, version, id, type, schema_version, data, metadata)
     select 'load-' || (n / 1000), (n % 1000) + 1, gen_random_uuid(), 'LoadTested', 1,
            jsonb_build_object('n', n, 'padding', repeat('x', 900)),
            jsonb_build_object('actor', jsonb_build_object('kind', 'system', 'id', 'system', 'name', 'system'),
                               'occurredAt', '2026-11-25T10:00:00.000Z', 'commandId', 'c', 'correlationId', 'c', 'causationId', null)
       from generate_series(0, $1 - 1) as n
      order by n`,
    [EVENTS],
  );
});
test.after(async ({ stack }) => {
  await stack.stop();
});

for (const format of ['ndjson', 'csv'] as const) {
  test(`${format}: every event, in position order, while the heap grows by far less than the file`, async ({
    stack,
  }) => {
    const admin = await signedInAdmin(stack);
    const started = performance.now();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const response = await admin.raw(`/api/audit/export?format=${format}`);
    assert.is(response.status, 200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const baseline = retained();
    let peak = baseline;
    let nextCheck = EVENTS / 10;
    let bytes = 0;
    let lines = 0;
    let tail = '';
    let lastN = -1;
    let ordered = true;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      const text = tail + decoder.decode(value, { stream: true });
      const parts = text.split('\n');
      tail = parts.pop() ?? '';
      for (const line of parts) {
        lines++;
        const match = /"n\D+(\d+)/.exec(line);
        if (match) {
          const n = Number(match[1]);
          if (n <= lastN) ordered = false;
          lastN = n;
        }
      }
      if (lines >= nextCheck) {
        peak = Math.max(peak, retained());
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        nextCheck += EVENTS / 10;
      }
    }
    assert.is(lines, format === 'csv' ? EVENTS + 1 : EVENTS);
    assert.ok(ordered, 'events come in position order');
    assert.ok(bytes > 100_000_000, `exported ${bytes} bytes`);
    const grown = peak - baseline;
    // Holding the rows (objects and text) would retain far more than the file; a cursor holds one page.
    assert.ok(
      grown < 30_000_000,
      `the heap held ${Math.round(grown / 1e6)} MB more while ${Math.round(bytes / 1e6)} MB went out`,
    );
    const seconds = (performance.now() - started) / 1000;
    const rssGrown = rssPeak - rssBefore;
    console.log(
      `  ${format}: ${Math.round(bytes / 1e6)} MB exported in ${seconds.toFixed(1)} s, at most ${Math.round(grown / 1e6)} MB more retained on the heap, RSS ${Math.round(rssGrown / 1e6)} MB more`,
    );
    // The process (server and this reader) never comes near holding the file, and the stream keeps moving.
    assert.ok(rssGrown < 100_000_000, `RSS grew by ${Math.round(rssGrown / 1e6)} MB`);
    assert.ok(seconds < 180, `the export took ${seconds.toFixed(1)} s`);
  });
}

test.run();
