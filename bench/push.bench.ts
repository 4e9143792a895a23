/**
 * Web push latency under `npm start` (the compiled build, every service its own process): from an admin's
 * PATCH of an item with Notify Customer to the push service receiving the encrypted message, beside the
 * same request's email reaching SendGrid (the real client, a local stand-in) through the same notifier.
 * One write every PACE_MS, not waiting for the last to arrive; a warm-up first, not counted.
 */
import { createTestDatabase } from '@ot/infra/testing/test-database.ts';
import { ADMIN, launchProduct } from '../tests/faults/support/launched-product.ts';
import { startPushServiceStandIn } from '../tests/support/push-service-stand-in.ts';
import { STAND_IN_API_KEY, startSendGridStandIn } from '../tests/support/sendgrid-stand-in.ts';
import { Client, orderPayload } from '../tests/support/stack.ts';
import { percentile } from './support/stats.ts';
import { finish, ratioOf, report } from './support/table.ts';

const WARM_UP = 10;
const MEASURED = Number(process.env.BENCH_PUSH_WRITES ?? 60);
const PACE_MS = 200;
/** The target: a customer's phone hears of the change within two seconds. */
const TARGET_P99_MS = 2000;

const db = await createTestDatabase();
const pushService = await startPushServiceStandIn();
const sendGrid = await startSendGridStandIn();
Object.assign(process.env, {
  PUSH_SERVICE_ORIGINS: pushService.origin,
  SENDGRID_API_KEY: STAND_IN_API_KEY,
  SENDGRID_API_BASE_URL: sendGrid.url,
});
const product = await launchProduct(db.url);

try {
  const admin = new Client(product.baseUrl);
  await admin.loginAdmin(ADMIN.username, ADMIN.password);
  const email = 'push.bench@example.com';
  const placed = await admin.post<{ orderNumber: string; items: { id: string }[] }>(
    '/api/admin/orders',
    orderPayload({ customerEmail: email }),
  );
  const { orderNumber, items } = placed.body;
  const customer = new Client(product.baseUrl);
  await customer.loginCustomer(email, orderNumber);
  const subscription = pushService.subscribe();
  const subscribed = await customer.post('/api/push/subscriptions', subscription);
  if (subscribed.status !== 201) throw new Error(`subscribe answered ${subscribed.status}`);

  const statuses = ['order_placed_with_manufacturer', 'order_arrived_awaiting_qc'];
  const sentAt: number[] = [];
  const writes: Promise<unknown>[] = [];
  for (let n = 0; n < WARM_UP + MEASURED; n++) {
    sentAt.push(Date.now());
    writes.push(
      admin.patch(
        `/api/admin/orders/${orderNumber}/items/${items[0]?.id}`,
        { status: statuses[n % 2] },
        {
          'x-send-email': 'true',
        },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }
  await Promise.all(writes);
  const total = WARM_UP + MEASURED;
  const deadline = Date.now() + 60_000;
  const arrived = () => ({
    pushes: pushService.receivedFor(subscription.endpoint).map((push) => push.at),
    emails: sendGrid.exchanges.filter((exchange) => exchange.mail.to === email).map((exchange) => exchange.at),
  });
  while ((arrived().pushes.length < total || arrived().emails.length < total) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The notifier sends each kind one at a time in the order requested: the n-th arrival is the n-th write's.
  const latencies = (at: number[]) =>
    sentAt.slice(WARM_UP).map((sent, n) => (at[WARM_UP + n] ?? Number.POSITIVE_INFINITY) - sent);
  const { pushes, emails } = arrived();
  const push = latencies(pushes);
  const mail = latencies(emails);
  const p = (values: number[], q: number) => Math.round(percentile(values, q));
  report(`PATCH (notify) -> push service, ${MEASURED} writes, one every ${PACE_MS} ms (ms)`, [
    {
      measure: 'p99 PATCH -> push service vs -> SendGrid',
      ours: p(push, 99),
      peer: p(mail, 99),
      ratio: ratioOf(p(push, 99), p(mail, 99)),
      target: `<= ${TARGET_P99_MS} ms`,
      ok: p(push, 99) <= TARGET_P99_MS,
    },
    {
      measure: 'p50 PATCH -> push service vs -> SendGrid',
      ours: p(push, 50),
      peer: p(mail, 50),
      ratio: ratioOf(p(push, 50), p(mail, 50)),
      target: '(shown)',
      ok: true,
    },
  ]);
} finally {
  await product.stop();
  await pushService.stop();
  await sendGrid.stop();
  await db.drop();
}
await finish();
