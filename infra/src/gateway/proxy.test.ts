import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../launcher/free-port.ts';
import { createLogger } from '../logger.ts';
import { createGateway } from './gateway.ts';

const logger = createLogger('test', 'silent');
const listen = (server: Server, port = 0) =>
  new Promise<string>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
const close = (...servers: Server[]) =>
  Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));

/** A service that echoes what it received; the first `cut` requests are read whole and then dropped unanswered. */
function echoService(cut = 0) {
  const received: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(`${req.method} ${body}`);
      if (received.length <= cut) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`got ${body}`);
    });
  });
  return { server, received };
}

async function gatewayFor(url: string, retryForMs?: number) {
  const gateway = createGateway({ commandUrl: url, queryUrl: url, staticDir: '/nonexistent', logger, retryForMs });
  return { gateway, base: await listen(gateway) };
}

test('a request to a service that refuses connections waits for it to come up, body and all', async () => {
  const port = await freePort();
  const { gateway, base } = await gatewayFor(`http://127.0.0.1:${port}`);
  const service = echoService();
  const answers = Promise.all([
    fetch(`${base}/api/read`).then((r) => r.text()),
    // Signed in (a session cookie), or the gateway itself refuses a body this large.
    fetch(`${base}/api/write`, { method: 'POST', body: 'x'.repeat(200_000), headers: { cookie: 'ot_session=s' } }).then(
      (r) => r.text(),
    ),
  ]);
  setTimeout(() => void listen(service.server, port), 600);
  const [read, write] = await answers;
  assert.is(read, 'got ');
  assert.ok(write === `got ${'x'.repeat(200_000)}`, write.slice(0, 80));
  assert.equal(
    service.received.map((line) => line.length).sort((a, b) => a - b),
    [4, 5 + 200_000],
  );
  await close(gateway, service.server);
});

test('a write already sent is not sent again without an Idempotency-Key: 503', async () => {
  const service = echoService(1);
  const { gateway, base } = await gatewayFor(await listen(service.server));
  const answer = await fetch(`${base}/api/write`, { method: 'POST', body: 'once' });
  assert.is(answer.status, 503);
  assert.match(await answer.text(), /starting or restarting/);
  assert.equal(service.received, ['POST once']);
  await close(gateway, service.server);
});

test('a write with an Idempotency-Key, and a read, are sent again when cut off after sending', async () => {
  const service = echoService(2);
  const { gateway, base } = await gatewayFor(await listen(service.server));
  const write = await fetch(`${base}/api/write`, {
    method: 'POST',
    body: 'safe',
    headers: { 'idempotency-key': 'k1' },
  });
  assert.is(write.status, 200);
  assert.is(await write.text(), 'got safe');
  const read = await fetch(`${base}/api/read`);
  assert.is(read.status, 200);
  assert.equal(service.received, ['POST safe', 'POST safe', 'POST safe', 'GET '], 'cut twice, answered the third time');
  await close(gateway, service.server);
});

test('a service that stays away is a 503 once the wait is over', async () => {
  const { gateway, base } = await gatewayFor(`http://127.0.0.1:${await freePort()}`, 300);
  const started = Date.now();
  const answer = await fetch(`${base}/api/read`);
  assert.is(answer.status, 503);
  assert.is(answer.headers.get('retry-after'), '2');
  assert.ok(Date.now() - started >= 300);
  await close(gateway);
});

test('/readyz is ready only when every instance of every service is; new instances are used once named', async () => {
  const ready = createServer((_req, res) => res.end('ok'));
  const unready = createServer((req, res) => {
    res.statusCode = req.url === '/readyz' ? 503 : 200;
    res.end('no');
  });
  const [a, b] = [await listen(ready), await listen(unready)];
  const gateway = createGateway({ commandUrl: a, queryUrl: `${a},${b}`, staticDir: '/nonexistent', logger });
  const base = await listen(gateway);
  assert.is((await fetch(`${base}/readyz`)).status, 503);
  gateway.setUpstreams({ commandUrl: a, queryUrl: a });
  assert.is((await fetch(`${base}/readyz`)).status, 200);
  await close(gateway, ready, unready);
});

test.run();
