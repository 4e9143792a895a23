import { choose, recordWrites, twoItems } from './support/edit-order.ts';
import { isoDay } from './support/studio-api.ts';
import { expect, signInAsAdmin, test } from './support/test.ts';

test.describe('update order item (the edit screen sends only the changed items)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('with nothing changed and Notify ticked, the first item is re-sent with its status and x-send-email', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder({ items: twoItems });
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect
      .poll(() => writes.map((write) => write.path))
      .toEqual([
        `/api/admin/orders/${order.orderNumber}/status`,
        `/api/admin/orders/${order.orderNumber}/items/${order.items[0]!.id}`,
      ]);
    expect(writes[1]!.body).toEqual({ status: 'order_being_processed' });
    expect(writes[1]!.sendEmail).toBe('true');
  });

  test('with Notify unticked, changed items are sent in order and none asks for an email', async ({ page, studio }) => {
    const order = await studio.addOrder({ items: twoItems });
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('ETA', { exact: true }).nth(0).fill(isoDay(15));
    await page.getByLabel('ETA', { exact: true }).nth(1).fill(isoDay(16));
    await page.getByRole('checkbox', { name: 'Notify Customer' }).click();
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect
      .poll(() => writes.map((write) => write.path))
      .toEqual([
        `/api/admin/orders/${order.orderNumber}/status`,
        `/api/admin/orders/${order.orderNumber}/items/${order.items[0]!.id}`,
        `/api/admin/orders/${order.orderNumber}/items/${order.items[1]!.id}`,
      ]);
    expect(writes.map((write) => write.sendEmail)).toEqual([undefined, undefined, undefined]);
    // Each item call carries only what changed on it (here its ETA).
    expect(writes[1]!.body).toEqual({ estimatedDelivery: isoDay(15) });
    expect(writes[2]!.body).toEqual({ estimatedDelivery: isoDay(16) });
  });

  test('an item call carries only its changed fields; a cleared ETA is sent as null', async ({ page, studio }) => {
    const order = await studio.addOrder({ items: twoItems });
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('ETA', { exact: true }).nth(0).fill('');
    await choose(page, 'Manufacturer', 'Ping', 1);
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect
      .poll(() => writes.slice(1))
      .toEqual([
        {
          path: `/api/admin/orders/${order.orderNumber}/items/${order.items[0]!.id}`,
          body: { estimatedDelivery: null },
          sendEmail: undefined,
        },
        {
          path: `/api/admin/orders/${order.orderNumber}/items/${order.items[1]!.id}`,
          body: { manufacturer: 'Ping' },
          sendEmail: 'true',
        },
      ]);
    const saved = await studio.getOrder(order.orderNumber);
    expect(saved.items.map((item) => [item.estimatedDelivery, item.manufacturer])).toEqual([
      [null, 'Titleist'],
      [null, 'Ping'],
    ]);
  });
});
