import type { AttentionList, DelayNoticePreview } from '@ot/contracts/insights/insights-views.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { digestId, runRadar } from '../../command-service/src/notifier/radar-schedule.ts';
import { startNotifier } from '../support/notifier.ts';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

// 08:30 in London on a summer's day: within DIGEST_HOUR=8 (07:30 UTC).
const NOW = new Date('2026-06-15T07:30:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

const test = suite<{ stack: Stack; admin: Client }>('delay notices and the daily digest', {
  stack: undefined as never,
  admin: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack({}, { clock: () => NOW });
  context.admin = context.stack.client();
  await context.admin.loginAdmin();
  // Five Mizuno irons took 18 days with the maker; EP-900 has been there 27 days with an ETA long gone by.
  const history = (placedAgo: number, withMaker: number) => [
    { status: 'order_being_processed', at: daysAgo(placedAgo + 1) },
    { status: 'order_placed_with_manufacturer', at: daysAgo(placedAgo) },
    { status: 'order_arrived_awaiting_qc', at: daysAgo(placedAgo - withMaker) },
  ];
  const item = (extra: object) => ({ name: 'Irons', price: 99_900, quantity: 1, manufacturer: 'Mizuno', ...extra });
  await context.admin.post('/api/admin/import', [
    ...[1, 2, 3, 4, 5].map((n) =>
      orderPayload({
        orderNumber: `EP-80${n}`,
        items: [item({ status: 'order_arrived_awaiting_qc', statusHistory: history(100 + n, 18) })],
      }),
    ),
    orderPayload({
      orderNumber: 'EP-900',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      items: [
        item({
          status: 'order_placed_with_manufacturer',
          statusHistory: [{ status: 'order_placed_with_manufacturer', at: daysAgo(27) }],
        }),
      ],
    }),
  ]);
});
test.after(async ({ stack }) => stack.stop());

const radarDeps = (stack: Stack, env: Record<string, string>) => ({
  pool: stack.db.pool,
  store: stack.store,
  config: { ...stack.config, ...env } as Stack['config'],
  clock: () => NOW,
  logger: createLogger('test', 'silent'),
});

test('the preview shows the email; one click sends it through the outbox with its own email type', async ({
  stack,
  admin,
}) => {
  const list = await admin.get<AttentionList>('/api/admin/attention?flag=trending_late');
  const row = list.body.items.find((item) => item.orderNumber === 'EP-900');
  assert.ok(row, JSON.stringify(list.body));
  const path = `/api/admin/orders/EP-900/items/${row.itemId}/delay-notice`;
  const preview = await admin.get<DelayNoticePreview>(path);
  assert.is(preview.status, 200);
  assert.is(preview.body.recipientEmail, 'ada@example.com');
  assert.is(preview.body.subject, 'Taking longer than usual: your Irons (order EP-900)');
  assert.match(preview.body.text, /We now expect it to be ready for collection by Jun 15, 2026/);

  const sent = await admin.post(path);
  assert.is(sent.status, 200);
  const notifier = startNotifier(stack.db.pool, stack.store);
  try {
    for (let i = 0; i < 200; i++) {
      const { rows } = await stack.db.pool.query(`select 1 from email.dev_mailbox where to_email = 'ada@example.com'`);
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await notifier.stop();
  }
  const { rows } = await stack.db.pool.query<{ subject: string; text: string }>(
    `select subject, text from email.dev_mailbox where to_email = 'ada@example.com'`,
  );
  assert.is(rows[0]?.subject, preview.body.subject);
  assert.match(rows[0]?.text ?? '', /is taking longer than usual with the manufacturer/);
  await stack.settle();
  const logs = await admin.get<{ events: { emailType: string; subject: string }[] }>(
    '/api/admin/email-events?orderNumber=EP-900',
  );
  assert.equal(
    logs.body.events.map((event) => [event.emailType, event.subject]),
    [['delay_notice', preview.body.subject]],
  );
});

test('an item that is not late has no notice to send', async ({ admin }) => {
  const order = await admin.get<{ items: { id: string }[] }>('/api/orders/EP-801');
  const answer = await admin.post<{ code: string }>(
    `/api/admin/orders/EP-801/items/${order.body.items[0]?.id}/delay-notice`,
  );
  assert.is(answer.status, 409);
  assert.is(answer.body.code, 'NOT_RUNNING_LATE');
});

test('the digest goes once per recipient per day, however many times the radar looks or restarts', async ({
  stack,
}) => {
  const env = { DIGEST_EMAILS: 'fitter@studio.example, owner@studio.example', DIGEST_HOUR: '8' };
  const first = await runRadar(radarDeps(stack, { ...env, DIGEST_HOUR: 8 } as never));
  assert.equal(first, { digests: 2, notices: 0, pushes: 0 });
  // A restart: new deps, the same store.
  const again = await runRadar(radarDeps(stack, { ...env, DIGEST_HOUR: 8 } as never));
  assert.equal(again, { digests: 0, notices: 0, pushes: 0 });
  // Read through the services' store: a recipient is personal data, sealed in the log itself.
  const { rows: stored } = await stack.db.pool.query<{ id: string }>(
    `select id from es.events where type = 'CustomerNotificationRequested' and data->>'emailType' = 'attention_digest'`,
  );
  const rows = (await stack.store.readEventsById(stored.map((row) => row.id))).map((event) => {
    const data = event.data as { recipientEmail: string; digest: { lines: string[] } };
    return { recipient: data.recipientEmail, lines: data.digest.lines };
  });
  assert.equal(rows.map((row) => row.recipient).sort(), ['fitter@studio.example', 'owner@studio.example']);
  assert.ok(
    rows[0]?.lines.some((line) => line.startsWith('EP-900 Irons (Mizuno): trending late.')),
    JSON.stringify(rows[0]),
  );
  assert.ok(digestId('2026-06-15', 'fitter@studio.example').startsWith('digest-2026-06-15-'));
});

test('outside the digest hour nothing is sent; with DELAY_NOTICES=auto a late item is told once', async ({ stack }) => {
  const later = await runRadar(radarDeps(stack, { DIGEST_EMAILS: 'x@studio.example', DIGEST_HOUR: 9 } as never));
  assert.equal(later, { digests: 0, notices: 0, pushes: 0 });
  const auto = radarDeps(stack, { DELAY_NOTICES: 'auto' } as never);
  assert.equal(await runRadar(auto), { digests: 0, notices: 1, pushes: 0 });
  assert.equal(await runRadar(auto), { digests: 0, notices: 0, pushes: 0 });
  const { rows } = await stack.db.pool.query(
    `select 1 from es.events where type = 'CustomerNotificationRequested' and data->>'emailType' = 'delay_notice'
        and metadata->'actor'->>'id' = 'delay-radar'`,
  );
  assert.is(rows.length, 1);
});

test.run();
