import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { ADMIN } from '../../e2e/support/admin.ts';
import type { CuttableProxy } from '../../e2e/support/cuttable-proxy.ts';
import type { StudioApi } from '../../e2e/support/studio-api.ts';
import { waitFor } from './drivers.ts';
import type { PageSteps } from './page.ts';

/** What one browser session shares: its page, the proxy it reaches the app through, the order it looks at. */
export interface Session {
  page: PageSteps;
  proxy: CuttableProxy;
  studio: StudioApi;
  order: OrderView;
  /** The window's width in CSS pixels, which the page must get. */
  width: number;
  phone: boolean;
}

export interface Journey {
  name: string;
  run(session: Session): Promise<void>;
}

const SAVED_ON_DEVICE = 'The change is saved on this device and will be sent when online.';
const UNREACHABLE = 'Offline - the server cannot be reached';
/** The app asks an unreachable server again with a growing delay, at most 30 s apart. */
const RECOVERS_WITHIN_MS = 45_000;

/** Offline as far as the browser's driver can make it; else the app's server cut off (WebKit's driver has no switch). */
async function goOffline(session: Session): Promise<void> {
  if (session.page.driver.setOffline) await session.page.driver.setOffline(true);
  else session.proxy.cut();
}

async function goOnline(session: Session): Promise<void> {
  if (session.page.driver.setOffline) await session.page.driver.setOffline(false);
  session.proxy.restore();
}

const url = (session: Session, path: string) => `${session.proxy.origin}${path}`;

/** Every hashed file of the build the app can import (the JavaScript chunks and the stylesheet). */
const builtAssets = () =>
  readdirSync(join(import.meta.dirname, '..', '..', 'pwa', 'dist', 'assets'))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `/assets/${file}`);

/** Staff screens a phone must show without sideways scrolling, each with the heading it opens with. */
const staffScreens = (order: OrderView): [string, string][] => [
  [`/admin/edit-order/${order.orderNumber}`, `Edit Order ${order.orderNumber}`],
  ['/admin/add-order', 'Add New Order'],
  ['/admin/import', 'Import Data'],
  ['/admin/email-logs', 'Email Event Logs'],
  ['/admin/audit', 'Audit'],
  [`/admin/orders/${order.orderNumber}/history`, `History of Order ${order.orderNumber}`],
];

async function fitsTheWidth(session: Session, where: string): Promise<void> {
  const overflow = await session.page.overflow();
  if (overflow > 0) throw new Error(`${where} scrolls sideways by ${overflow} px`);
}

export const journeys: Journey[] = [
  {
    name: 'landing page starts the app',
    run: async (session) => {
      const { page } = session;
      await page.driver.goto(url(session, '/'));
      await page.see(['Order Tracker', 'Track your order']);
      await page.enabled('Track Order');
      const width = await page.driver.run<number>('function () { return window.innerWidth; }');
      if (width !== session.width) throw new Error(`the page is ${width} px wide, not ${session.width}`);
    },
  },
  {
    name: 'customer sign-in and dashboard',
    run: async (session) => {
      const { page, order } = session;
      await page.fill('Email Address', order.customerEmail);
      await page.fill('Order Number', order.orderNumber);
      await page.click('Track Order');
      await page.atPath(/^\/dashboard$/);
      await page.see(['Your Orders', order.orderNumber]);
      if (session.phone) await fitsTheWidth(session, 'the dashboard');
    },
  },
  {
    name: 'order detail',
    run: async (session) => {
      const { page, order } = session;
      await page.click('View Details');
      await page.atPath(/^\/orders\//);
      await page.see([`Order ${order.orderNumber}`, order.trackingNumber ?? '']);
    },
  },
  {
    name: 'offline reload of the order',
    run: async (session) => {
      const { page, order } = session;
      await page.serviceWorkerInControl();
      await page.kept(order.trackingNumber ?? '');
      await goOffline(session);
      try {
        await page.driver.reload();
        await page.see(['Offline', `Order ${order.orderNumber}`, order.trackingNumber ?? '']);
      } finally {
        await goOnline(session);
      }
      await page.see([`Order ${order.orderNumber}`], { absent: ['Offline'], timeoutMs: RECOVERS_WITHIN_MS });
    },
  },
  {
    name: 'every chunk from the service worker, offline',
    run: async (session) => {
      const assets = builtAssets();
      await session.page.serviceWorkerInControl();
      await goOffline(session);
      try {
        const failed = await session.page.driver.run<string[]>(
          `function (files) {
            return Promise.all(files.map((file) =>
              fetch(file).then(
                (answer) => answer.text().then((body) => (answer.ok && body.length > 0 ? null : file + ': ' + answer.status)),
                (error) => file + ': ' + String(error),
              ),
            )).then((answers) => answers.filter((answer) => answer !== null));
          }`,
          assets,
        );
        if (failed.length > 0) throw new Error(`not served: ${failed.join(', ')}`);
      } finally {
        await goOnline(session);
      }
    },
  },
  {
    name: 'server unreachable while the browser is online',
    run: async (session) => {
      const { page, order, proxy } = session;
      await page.driver.goto(url(session, '/dashboard'));
      await page.see(['Your Orders', order.orderNumber]);
      await page.kept(order.customerEmail);
      proxy.cut();
      try {
        await page.driver.reload();
        await page.see([UNREACHABLE, order.orderNumber], { absent: ['Error loading orders'] });
        if (!(await page.online())) throw new Error('the browser says offline: the test wants it online');
      } finally {
        proxy.restore();
      }
      // Nothing done on the page: it asks again by itself.
      await page.see([order.orderNumber], { absent: [UNREACHABLE], timeoutMs: RECOVERS_WITHIN_MS });
    },
  },
  {
    name: 'staff sign-in and dashboard, staff screens fit the width',
    run: async (session) => {
      const { page, order } = session;
      await page.click('Sign Out');
      await page.atPath(/^\/$/);
      await page.driver.goto(url(session, '/admin'));
      await page.fill('Username', ADMIN.username);
      await page.fill('Password', ADMIN.password);
      await page.click('Sign In');
      await page.atPath(/^\/admin\/dashboard$/);
      await page.see(['Admin Dashboard', order.orderNumber]);
      if (!session.phone) return;
      // Each order a card, which says what each of its values is (the desktop's header row is hidden).
      await page.see(['ALL ETAs ADDED', 'Total']);
      await fitsTheWidth(session, 'the admin dashboard');
      for (const [path, heading] of staffScreens(order)) {
        await page.driver.goto(url(session, path));
        await page.see([heading]);
        await fitsTheWidth(session, path);
      }
    },
  },
  {
    name: 'an edit queued offline is sent on reconnect',
    run: async (session) => {
      const { page, order, studio } = session;
      const tracking = `PF-${session.page.driver.engine.toUpperCase()}-${Date.now().toString(36)}`;
      await page.driver.goto(url(session, `/admin/edit-order/${order.orderNumber}`));
      await waitFor(async () => (await page.fieldValue('Customer Name')) === order.customerName, 'the edit form');
      await page.serviceWorkerInControl();
      await page.kept(order.customerName);
      await goOffline(session);
      try {
        await page.fill('Tracking Number (Parcelforce)', tracking);
        await page.click('Update Order');
        await page.see([SAVED_ON_DEVICE, 'Pending changes (1)']);
        if ((await studio.getOrder(order.orderNumber)).trackingNumber === tracking)
          throw new Error('the change was sent while offline');
      } finally {
        await goOnline(session);
      }
      await waitFor(
        async () => !(await page.text()).includes('Pending changes ('),
        'the outbox to empty',
        RECOVERS_WITHIN_MS,
      );
      await waitFor(
        async () => (await studio.getOrder(order.orderNumber)).trackingNumber === tracking,
        'the edit on the server',
      );
    },
  },
];
