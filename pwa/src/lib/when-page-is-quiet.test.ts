import { QueryClient } from '@tanstack/react-query';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { whenPageIsQuiet } from './when-page-is-quiet.ts';

// A page that has loaded: what the function reads of the DOM. `spinner` stands for a loading element.
let spinner = false;
Object.assign(globalThis, {
  document: { readyState: 'complete', querySelector: () => (spinner ? {} : null) },
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
  whenPageIsQuiet(client, () => runs++, { quietMs: 300, maxMs: 5000 });
  await sleep(500);
  assert.is(runs, 0, 'held while the query fetches');
  slow.answer();
  await slow.done;
  await sleep(100);
  assert.is(runs, 0, 'not before the page has been quiet for quietMs');
  await sleep(500);
  assert.is(runs, 1);
  await sleep(200);
  assert.is(runs, 1, 'once only');
});

test('a spinner or skeleton on the page holds it like a fetch (a route chunk still loading)', async () => {
  const client = new QueryClient();
  let runs = 0;
  spinner = true;
  whenPageIsQuiet(client, () => runs++, { quietMs: 30, maxMs: 5000 });
  await sleep(200);
  assert.is(runs, 0);
  spinner = false;
  await sleep(250);
  assert.is(runs, 1);
});

test('a page that keeps fetching still gets its worker after maxMs', async () => {
  const client = new QueryClient();
  let runs = 0;
  pendingQuery(client);
  whenPageIsQuiet(client, () => runs++, { quietMs: 30, maxMs: 300 });
  await sleep(150);
  assert.is(runs, 0);
  await sleep(300);
  assert.is(runs, 1);
});

test('cancelled (the page closed first), it never runs', async () => {
  const client = new QueryClient();
  let runs = 0;
  const cancel = whenPageIsQuiet(client, () => runs++, { quietMs: 20, maxMs: 50 });
  cancel();
  await sleep(250);
  assert.is(runs, 0);
});

test.run();
