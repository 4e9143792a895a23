import type { AdminOrdersPage } from '@ot/contracts/orders/admin-order-list.ts';
import { type InfiniteData, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminKeys, adminOrdersPagesQuery, keepFirstPageOnly } from './admin-order-queries.ts';

const filters = { tab: 'active', search: 'ada', status: 'all' } as const;
const page = (cursor: string | null) => ({ orders: [], counts: { active: 3, completed: 0 }, nextCursor: cursor });
const threePages = {
  pages: [page('a'), page('b'), page(null)],
  pageParams: ['', 'a', 'b'],
} as unknown as InfiniteData<AdminOrdersPage, string>;

test('a list left keeps only its first page (coming back refetches one page)', () => {
  const client = new QueryClient();
  client.setQueryData(adminKeys.ordersPages(filters), threePages);
  keepFirstPageOnly(client, filters);
  const data = client.getQueryData<InfiniteData<AdminOrdersPage, string>>(adminKeys.ordersPages(filters));
  assert.equal(data?.pages, [page('a')]);
  assert.equal(data?.pageParams, ['']);
});

test('a list still fetching, and one never loaded, are left as they are', () => {
  const client = new QueryClient();
  const key = adminKeys.ordersPages(filters);
  client.setQueryData(key, threePages);
  client.fetchQuery({ queryKey: key, queryFn: () => new Promise<never>(() => {}) }).catch(() => {});
  keepFirstPageOnly(client, filters);
  assert.is(client.getQueryData<InfiniteData<AdminOrdersPage, string>>(key)?.pages.length, 3);
  const other = { ...filters, search: 'bob' };
  keepFirstPageOnly(client, other);
  assert.is(client.getQueryData(adminKeys.ordersPages(other)), undefined);
  client.clear();
});

/** Whether the dashboard's list, mounted on a cache holding `held`, asks the server again. */
async function asksOnMount(held: (client: QueryClient) => void): Promise<boolean> {
  const client = new QueryClient();
  held(client);
  let asked = false;
  const observer = new InfiniteQueryObserver(client, {
    ...adminOrdersPagesQuery(filters),
    queryFn: async () => {
      asked = true;
      return page(null) as unknown as AdminOrdersPage;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((resolve) => setTimeout(resolve, 10));
  unsubscribe();
  client.clear();
  return asked;
}

test('the list asked for at start is not asked for again as the page mounts; an older or invalidated one is', async () => {
  const key = adminKeys.ordersPages(filters);
  assert.is(await asksOnMount((client) => client.setQueryData(key, threePages)), false, 'answered just now');
  assert.is(
    await asksOnMount((client) => client.setQueryData(key, threePages, { updatedAt: Date.now() - 5_000 })),
    true,
    'answered 5 s ago',
  );
  assert.is(
    await asksOnMount((client) => {
      client.setQueryData(key, threePages);
      void client.invalidateQueries({ queryKey: key, refetchType: 'none' });
    }),
    true,
    'made out of date by a write, or restored from the device',
  );
  assert.is(await asksOnMount(() => {}), true, 'nothing held');
});

test.run();
