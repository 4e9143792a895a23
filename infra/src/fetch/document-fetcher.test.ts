import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from '../http/errors.ts';
import { type RecordingListener, startRecordingListener } from '../testing/recording-listener.ts';
import { parseDocumentOrigins } from './allowed-origins.ts';
import { createDocumentFetcher, type Resolve } from './document-fetcher.ts';

/** Every request here goes to loopback; names are "resolved" by these functions, never by real DNS. */
const resolveTo = (...addresses: string[]): Resolve & { calls: string[] } => {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolve, { calls });
};

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the fetch to be refused');
}

const ssrf = suite<{ target: RecordingListener }>('SSRF: loopback in every spelling is refused', {
  target: undefined as never,
});
ssrf.before(async (context) => {
  context.target = await startRecordingListener();
});
ssrf.after(async ({ target }) => target.close());

const loopbackCorpus = (port: number) => [
  `http://127.0.0.1:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f000001:${port}/`,
  `http://0x7f.0x0.0x0.0x1:${port}/`,
  `http://0177.0.0.1:${port}/`,
  `http://017700000001:${port}/`,
  `http://127.1:${port}/`,
  `http://127.0.1:${port}/`,
  `http://0.0.0.0:${port}/`,
  `http://0:${port}/`,
  `http://[::1]:${port}/`,
  `http://[::]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
  `http://localhost:${port}/`,
  `http://localhost.:${port}/`,
  `http://LOCALHOST:${port}/`,
  `http://docs.google.com@127.0.0.1:${port}/`,
  `https://docs.google.com@127.0.0.1:${port}/`,
  `http://docs.google.com:x@[::1]:${port}/`,
  `http://127.0.0.1:${port}#@docs.google.com/`,
  `http://127.0.0.1:${port}?@docs.google.com/`,
  `http://127.0.0.1:${port}\\@docs.google.com/`,
  `https://127.0.0.1:${port}/`,
  `https://docs.google.com:${port}/`,
  `file:///etc/passwd`,
  `gopher://127.0.0.1:${port}/_GET`,
  `ftp://127.0.0.1:${port}/`,
  `data:text/csv,a,b`,
  `javascript:alert(1)`,
  `//127.0.0.1:${port}/`,
  `127.0.0.1:${port}`,
];

ssrf('with the default allowlist, no loopback spelling reaches the listener', async ({ target }) => {
  const resolve = resolveTo('127.0.0.1');
  const fetcher = createDocumentFetcher({ origins: parseDocumentOrigins(undefined), resolve });
  for (const url of loopbackCorpus(target.port)) {
    const error = await refusal(fetcher.fetch(url));
    assert.is(error.status, 400, url);
  }
  assert.equal(target.hits, []);
  assert.equal(resolve.calls, [], 'names outside the allowlist are not even looked up');
});

ssrf(
  'an allowed Google host that resolves to loopback, private or metadata addresses is refused',
  async ({ target }) => {
    for (const answer of [
      ['127.0.0.1'],
      ['::1'],
      ['::ffff:7f00:1'],
      ['::7f00:1'],
      ['10.0.0.7'],
      ['169.254.169.254'],
      ['142.250.180.14', '127.0.0.1'],
    ]) {
      const resolve = resolveTo(...answer);
      const fetcher = createDocumentFetcher({ origins: parseDocumentOrigins(undefined), resolve });
      const error = await refusal(fetcher.fetch('https://docs.google.com/document/d/abcdefghijkl/export?format=html'));
      assert.is(error.status, 400, answer.join(','));
      assert.match(error.message, /private network address/);
      assert.equal(resolve.calls, ['docs.google.com'], 'resolved exactly once');
    }
    assert.equal(target.hits, []);
  },
);

ssrf('an explicitly listed origin is not a way to reach another local port', async ({ target }) => {
  const fetcher = createDocumentFetcher({
    origins: parseDocumentOrigins(`http://127.0.0.1:${target.port + 1}`),
    resolve: resolveTo('127.0.0.1'),
  });
  for (const url of loopbackCorpus(target.port)) assert.is((await refusal(fetcher.fetch(url))).status, 400, url);
  assert.equal(target.hits, []);
});

ssrf.run();

const server = suite<{ target: RecordingListener; docs: RecordingListener }>('a trusted document server', {
  target: undefined as never,
  docs: undefined as never,
});
server.before(async (context) => {
  context.target = await startRecordingListener();
  const targetPort = context.target.port;
  context.docs = await startRecordingListener((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(302, { location: to.replace('TARGET', String(targetPort)) });
      res.end();
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('x'.repeat(4096));
    } else if (url.pathname === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'text/csv' });
      for (let i = 0; i < 8; i++) res.write('x'.repeat(512));
      res.end();
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 2000).unref();
    } else if (url.pathname === '/missing') {
      res.writeHead(404);
      res.end();
    } else {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(`hello from ${req.headers.host}`);
    }
  });
});
server.after(async ({ target, docs }) => {
  await target.close();
  await docs.close();
});

const fetcherFor = (docsPort: number, resolve: Resolve = resolveTo('127.0.0.1')) =>
  createDocumentFetcher({
    origins: parseDocumentOrigins(`http://127.0.0.1:${docsPort},http://docs.test:${docsPort}`),
    resolve,
    maxBytes: 2048,
    timeoutMs: 300,
  });

server('a listed origin is fetched, even on http and loopback', async ({ docs }) => {
  const fetched = await fetcherFor(docs.port).fetch(`http://127.0.0.1:${docs.port}/customers.csv`);
  assert.is(fetched.body.toString(), `hello from 127.0.0.1:${docs.port}`);
  assert.is(fetched.contentType, 'text/csv');
});

server('the host is resolved once and the connection goes to the address it answered', async ({ docs }) => {
  let calls = 0;
  const rebinding: Resolve = async () => {
    calls++;
    // A second answer would point elsewhere; it must never be asked for.
    return [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
  };
  const fetched = await fetcherFor(docs.port, rebinding).fetch(`http://docs.test:${docs.port}/doc`);
  assert.is(calls, 1);
  assert.is(fetched.body.toString(), `hello from docs.test:${docs.port}`);
});

server('redirects to an origin that is not listed are refused, in any spelling', async ({ docs, target }) => {
  const fetcher = fetcherFor(docs.port);
  for (const to of [
    'http://127.0.0.1:TARGET/',
    'http://2130706433:TARGET/',
    'http://[::1]:TARGET/',
    'http://localhost:TARGET/',
    `http://localhost:${docs.port}/`,
    'http://169.254.169.254/latest/meta-data/',
    `http://user@127.0.0.1:${docs.port}/`,
    'file:///etc/passwd',
  ]) {
    const error = await refusal(fetcher.fetch(`http://127.0.0.1:${docs.port}/redirect?to=${encodeURIComponent(to)}`));
    assert.is(error.status, 400, to);
  }
  assert.equal(target.hits, []);
});

server('a redirect within the listed origin is followed, a loop is not', async ({ docs }) => {
  const fetcher = fetcherFor(docs.port);
  const to = encodeURIComponent(`http://docs.test:${docs.port}/final`);
  const fetched = await fetcher.fetch(`http://127.0.0.1:${docs.port}/redirect?to=${to}`);
  assert.is(fetched.url, `http://docs.test:${docs.port}/final`);
  assert.is((await refusal(fetcher.fetch(`http://127.0.0.1:${docs.port}/loop`))).status, 422);
});

server('answers past the size cap are refused, declared or streamed', async ({ docs }) => {
  const fetcher = fetcherFor(docs.port);
  for (const path of ['/big', '/big-chunked']) {
    const error = await refusal(fetcher.fetch(`http://127.0.0.1:${docs.port}${path}`));
    assert.is(error.status, 422);
    assert.match(error.message, /larger than/);
  }
});

server('a server that does not answer in time is given up on', async ({ docs }) => {
  const error = await refusal(fetcherFor(docs.port).fetch(`http://127.0.0.1:${docs.port}/slow`));
  assert.is(error.status, 422);
  assert.match(error.message, /in time/);
});

server('an error answer is reported, not passed on as a document', async ({ docs }) => {
  const error = await refusal(fetcherFor(docs.port).fetch(`http://127.0.0.1:${docs.port}/missing`));
  assert.is(error.status, 422);
  assert.match(error.message, /404/);
});

server.run();
