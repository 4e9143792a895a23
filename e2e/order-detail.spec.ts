import { format, parseISO } from 'date-fns';
import { isoDay } from './support/studio-api.ts';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  PHONE,
  signInAsAdmin,
  signInAsCustomer,
  test,
} from './support/test.ts';

test.use({ viewport: PHONE });

test.describe('order detail (/orders/{orderNumber})', () => {
  test('a customer sees header, whole-order ETA, tracking link, items with progress, notes, spec and summary', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder({
      orderDate: isoDay(-6),
      trackingNumber: 'PF123456789GB',
      notes:
        'Please call before delivery. Directions: https://example.com/maps/the-long-driveway-behind-the-clubhouse-to-the-left',
      subtotal: 89_900,
      shipping: 1_500,
      total: 91_400,
      amountPaid: 20_000,
      amountRemaining: 71_400,
      items: [
        {
          name: 'Driver',
          manufacturer: 'Titleist',
          status: 'order_placed_with_manufacturer',
          estimatedDelivery: isoDay(12),
          documentUrl: 'https://example.com/spec.pdf',
        },
        { name: 'Irons', manufacturer: 'Mizuno', price: 40_000, quantity: 2, estimatedDelivery: isoDay(20) },
      ],
    });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto(`/orders/${order.orderNumber}`);

    await expect(page.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.orderNumber);
    await expect(page.getByText(order.customerName, { exact: true })).toBeVisible();
    await expect(page.getByText(`Ordered on ${format(parseISO(isoDay(-6)), 'MMM dd, yyyy')}`)).toBeVisible();
    await expect(page.getByText('Estimated Delivery (For Whole Order)')).toBeVisible();
    await expect(page.getByText(format(parseISO(isoDay(20)), 'EEEE, MMMM do, yyyy'))).toBeVisible();

    await expect(page.getByText('PF123456789GB')).toBeVisible();
    // The tracking block is the link: found by the number as well as by the carrier.
    for (const name of [/Parcelforce/, /PF123456789GB/]) {
      await expect(page.getByRole('link', { name })).toHaveAttribute(
        'href',
        'https://www.parcelforce.com/track-trace?trackNumber=PF123456789GB',
      );
    }

    const items = page.getByRole('listitem').filter({ has: page.getByRole('progressbar') });
    await expect(items).toHaveCount(2);
    const driver = items.filter({ hasText: 'Driver' });
    await expect(driver.getByText('Titleist')).toBeVisible();
    await expect(driver).toContainText('Quantity: 1');
    await expect(driver).toContainText('Order Placed With Manufacturer');
    await expect(driver).toContainText('40%');
    await expect(driver).toContainText('With Manufacturer');
    await expect(driver).toContainText('£499.00');
    await expect(driver.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    const irons = items.filter({ hasText: 'Irons' });
    await expect(irons).toContainText('Quantity: 2');
    await expect(irons).toContainText('Order Being Processed');
    await expect(irons).toContainText('20%');
    await expect(irons).toContainText('Processing');
    await expect(irons).toContainText('will be sent to the manufacturer');

    await expect(page.getByRole('heading', { name: 'Custom Fit Specification' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Customer Notes' })).toBeVisible();
    await expect(page.getByText('Please call before delivery.')).toBeVisible();

    const summary = page.locator('dl').filter({ hasText: 'Subtotal' });
    const rows: [string, string][] = [
      ['Subtotal', '£899.00'],
      ['Shipping', '£15.00'],
      ['Tax', '£0.00'],
      ['Total', '£914.00'],
      ['Amount Paid', '£200.00'],
      ['Amount Remaining', '£714.00'],
    ];
    for (const [label, amount] of rows) {
      await expect(summary.locator('div').filter({ has: page.getByText(label, { exact: true }) })).toContainText(
        amount,
      );
    }
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
    await page.getByRole('button', { name: 'Show history' }).click();
    await expect(page.getByText(`Order ${order.orderNumber} was placed with 2 items.`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test('without an ETA it says Awaiting ETA From Manufacturer; no custom fit specification, notes or tracking', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByText('Awaiting ETA From Manufacturer')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Custom Fit Specification' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Customer Notes' })).toHaveCount(0);
    await expect(page.getByText('Tracking Number')).toHaveCount(0);
  });

  test("another customer's order and an unknown number both show Order not found", async ({ page, studio }) => {
    const mine = await studio.addOrder();
    const theirs = await studio.addOrder();
    await signInAsCustomer(page, mine.customerEmail, mine.orderNumber);
    for (const number of [theirs.orderNumber, 'EP-99999']) {
      await page.goto(`/orders/${number}`);
      await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
      await expect(
        page.getByText("The order you're looking for doesn't exist or you don't have permission to view it."),
      ).toBeVisible();
    }
    await expectAccessible(page);
  });

  test('an admin gets the link back to the admin dashboard', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await signInAsAdmin(page);
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.orderNumber);
  });

  test('a signed-out visitor goes to /', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page).toHaveURL(/\/$/);
  });
});
