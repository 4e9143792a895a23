import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { type Stack, startStack } from '../support/stack.ts';

/** A client reads what was written before it asked, whether or not it knows the write's position. */
const test = suite<{ stack: Stack }>('read your writes', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const statusPath = (orderNumber: string) => `/api/admin/orders/${orderNumber}/status`;
const itemPath = (orderNumber: string, itemId: string) => `/api/admin/orders/${orderNumber}/items/${itemId}`;

test('read-your-writes: a read carrying x-min-position always sees the write just made', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const [driver] = order.items;
  const statuses = ['order_placed_with_manufacturer', 'order_arrived_awaiting_qc', 'order_being_processed'] as const;
  for (let round = 0; round < 9; round++) {
    const status = statuses[round % statuses.length] ?? 'order_being_processed';
    const write = await admin.patch(itemPath(order.orderNumber, driver?.id ?? ''), { status });
    const position = write.headers.get('x-event-position') ?? '0';
    // A fresh client (no cookie, no memory of positions) sends the header explicitly.
    const reader = stack.client();
    await reader.loginAdmin();
    const read = await reader.get<OrderView>(`/api/orders/${order.orderNumber}`, { 'x-min-position': position });
    assert.is(read.headers.get('x-min-position-reached'), 'true');
    assert.is(read.body.items.find((item) => item.id === driver?.id)?.status, status);
  }
});

test('a reader that never saw a position still reads every write committed before it asked', async ({ stack }) => {
  const writer = await signedInAdmin(stack);
  const reader = await signedInAdmin(stack);
  const order = await addOrder(writer);
  for (let round = 0; round < 10; round++) {
    const trackingNumber = `PF${round}`;
    await writer.patch(statusPath(order.orderNumber), { status: order.status, trackingNumber });
    const read = await reader.get<OrderView[]>('/api/admin/orders');
    assert.is(read.headers.get('x-min-position-reached'), 'true');
    assert.is(read.body.find((o) => o.orderNumber === order.orderNumber)?.trackingNumber, trackingNumber);
  }
});

test('with the projector checkpoint kept in memory, concurrent readers still see every write acknowledged before they asked', async ({
  stack,
}) => {
  // Given 6 admins each editing their own order, and as many readers who never saw a position
  const writers = await Promise.all(Array.from({ length: 6 }, () => signedInAdmin(stack)));
  const readers = await Promise.all(Array.from({ length: 6 }, () => signedInAdmin(stack)));
  const orders = await Promise.all(writers.map((writer) => addOrder(writer)));
  await Promise.all(
    writers.map(async (writer, i) => {
      const order = orders[i] as OrderView;
      const reader = readers[i] as Awaited<ReturnType<typeof signedInAdmin>>;
      for (let round = 0; round < 8; round++) {
        // When a write is acknowledged, and its reader reads at once (while the others keep writing)
        const trackingNumber = `C${i}R${round}`;
        const write = await writer.patch(statusPath(order.orderNumber), { status: order.status, trackingNumber });
        assert.is(write.status, 200);
        const read = await reader.get<OrderView>(`/api/orders/${order.orderNumber}`);
        // Then the read holds it
        assert.is(read.headers.get('x-min-position-reached'), 'true');
        assert.is(read.body.trackingNumber, trackingNumber);
      }
    }),
  );
});

test.run();
