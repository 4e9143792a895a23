import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.ts';
import { createGateway, upstreamFor } from './gateway.ts';

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

const services = { commandUrl: 'http://command', queryUrl: 'http://query' };

test('reads (GET, HEAD) go to the query service', () => {
  assert.is(upstreamFor('GET', services), 'http://query');
  assert.is(upstreamFor('HEAD', services), 'http://query');
});

test('every other method goes to the command service', () => {
  for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'])
    assert.is(upstreamFor(method, services), 'http://command');
});

test('several instances of a service take turns, and /api/health checks each', async () => {
  const seen: string[] = [];
  const instance = (name: string) =>
    createServer((req, res) => {
      seen.push(`${name} ${req.url}`);
      res.end('{}');
    });
  const servers = [instance('q1'), instance('q2')];
  const urls = await Promise.all(servers.map(listen));
  const gateway = createGateway({
    commandUrl: urls[0] as string,
    queryUrl: urls.join(','),
    staticDir: '/nonexistent',
    logger: createLogger('test', 'silent'),
  });
  const base = await listen(gateway);
  for (const n of [1, 2, 3, 4]) await (await fetch(`${base}/api/x${n}`)).text();
  const health = (await (await fetch(`${base}/api/health`)).json()) as Record<string, string>;
  await Promise.all([gateway, ...servers].map((server) => new Promise((resolve) => server.close(resolve))));
  assert.equal(
    seen.filter((line) => line.includes('/api/')),
    ['q1 /api/x1', 'q2 /api/x2', 'q1 /api/x3', 'q2 /api/x4'],
  );
  assert.equal([health['query-service-1'], health['query-service-2']], ['ok', 'ok']);
});

test('idle client sockets outlive a client that waits a minute, so a late POST is not reset', () => {
  const gateway = createGateway({ ...services, staticDir: '/nonexistent', logger: createLogger('test', 'silent') });
  assert.ok(gateway.keepAliveTimeout > 60_000);
  assert.ok(gateway.headersTimeout > gateway.keepAliveTimeout);
});

test('static files: the precompressed copy the browser accepts, with Content-Encoding, Vary and the security headers', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ot-gateway-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'app.js'), script);
  await writeFile(join(dir, 'app.js.br'), brotliCompressSync(script));
  await writeFile(join(dir, 'app.js.gz'), gzipSync(script));
  const gateway = createGateway({ ...services, staticDir: dir, logger: createLogger('test', 'silent') });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  try {
    const get = (encoding: string) => fetch(`${base}/app.js`, { headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    assert.is(br.headers.get('content-encoding'), 'br');
    assert.is(br.headers.get('vary'), 'Accept-Encoding');
    assert.match(br.headers.get('content-type') ?? '', /javascript/);
    assert.ok(br.headers.get('content-security-policy'));
    assert.is(br.headers.get('x-content-type-options'), 'nosniff');
    const gz = await get('gzip');
    assert.is(gz.headers.get('content-encoding'), 'gzip');
    assert.ok(gz.headers.get('content-security-policy'));
    const plain = await get('identity');
    assert.is(plain.headers.get('content-encoding'), null);
    assert.is(await plain.text(), script);
    // Read the brotli body as bytes: what was sent is the build's own copy, decoding to the script.
    const { request } = await import('node:http');
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      request(`${base}/app.js`, { headers: { 'accept-encoding': 'br' } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve(Buffer.concat(chunks)));
      })
        .on('error', reject)
        .end();
    });
    assert.is(brotliDecompressSync(bytes).toString(), script);
  } finally {
    const closed = new Promise((resolve) => gateway.close(resolve));
    gateway.closeAllConnections();
    await closed;
    await rm(dir, { recursive: true, force: true });
  }
});

test('caching: hashed assets are immutable, the icons keep a day, the page and the service worker are revalidated', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ot-gateway-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'icons'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'sw.js'), 'self.skipWaiting();');
  await writeFile(join(dir, 'assets', 'app-Ab12Cd34.js'), 'console.log(1);');
  await writeFile(join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const gateway = createGateway({ ...services, staticDir: dir, logger: createLogger('test', 'silent') });
  const base = await listen(gateway);
  try {
    const cacheControl = async (path: string) => {
      const answer = await fetch(base + path);
      assert.is(answer.status, 200, path);
      await answer.arrayBuffer();
      return answer.headers.get('cache-control');
    };
    assert.is(await cacheControl('/assets/app-Ab12Cd34.js'), 'public, max-age=31536000, immutable');
    assert.is(await cacheControl('/icons/icon-192.png'), 'public, max-age=86400');
    assert.is(await cacheControl('/sw.js'), 'no-cache');
    assert.is(await cacheControl('/'), 'no-cache');
    assert.is(await cacheControl('/orders/EP-0001'), 'no-cache');
  } finally {
    const closed = new Promise((resolve) => gateway.close(resolve));
    gateway.closeAllConnections();
    await closed;
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
