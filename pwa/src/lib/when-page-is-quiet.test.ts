import { QueryClient } from '@tanstack/react-query';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { whenPageIsQuiet } from './when-page-is-quiet.ts';

// A page that has loaded: what the function reads of the DOM.
Object.assign(globalThis, {
  document: { readyState: 'complete' },
  window: { addEventListener() {}, removeEventListener() {} },
});

const test = suite('whenPageIsQuiet: the service worker waits for the first page');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A query that answers when `answer()` is called. */
function pendingQuery(client: QueryClient) {
  let answer = () => {};
  const done = client.fetchQuery({
    queryKey: ['slow'],
    queryFn: () => new Promise<string>((resolve) => (answer = () => resolve('rows'))),
  });
  return { answer: () => answer(), done };
}

test('nothing runs while the first page is still fetching; it runs once the page has been quiet', async () => {
  const client = new QueryClient();
  let runs = 0;
  const slow = pendingQuery(client);
  whenPageIsQuiet(client, () => runs++, { quietMs: 30, maxMs: 5000 });
  await sleep(120);
  assert.is(runs, 0, 'held while the query fetches');
  slow.answer();
  await slow.done;
  await sleep(10);
  assert.is(runs, 0, 'not before the page has been quiet for quietMs');
  await sleep(120);
  assert.is(runs, 1);
  await sleep(60);
  assert.is(runs, 1, 'once only');
});

test('a page that keeps fetching still gets its worker after maxMs', async () => {
  const client = new QueryClient();
  let runs = 0;
  pendingQuery(client);
  whenPageIsQuiet(client, () => runs++, { quietMs: 30, maxMs: 100 });
  await sleep(60);
  assert.is(runs, 0);
  await sleep(100);
  assert.is(runs, 1);
});

test('cancelled (the page closed first), it never runs', async () => {
  const client = new QueryClient();
  let runs = 0;
  const cancel = whenPageIsQuiet(client, () => runs++, { quietMs: 20, maxMs: 50 });
  cancel();
  await sleep(100);
  assert.is(runs, 0);
});

test.run();
