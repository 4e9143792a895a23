import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type DeviceKeys, decryptPush, newDeviceKeys, type VapidClaims, verifyVapid } from './web-push-crypto.ts';

/**
 * A push service (RFC 8030) on loopback, as the browsers' are: a POST to a subscription's endpoint must
 * carry a valid VAPID JWT for this origin (else 403), TTL, and an aes128gcm body this subscription can
 * decrypt (else 400). It answers 201 with a Location, or what a test scripted: 404, 410 (gone), 413, 429
 * with Retry-After, 5xx. A subscription answered 410 stays gone, as at a real service.
 */

/** A subscription as a browser hands it to the app, plus its private keys (kept by the "device"). */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted plaintext. */
  text: string;
  ttl: number;
  urgency: string | null;
  claims: VapidClaims;
  status: number;
  at: number;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
}

export interface PushServiceStandIn {
  /** For PUSH_SERVICE_ORIGINS. */
  origin: string;
  subscribe(): StandInSubscription;
  /** Answer the next pushes to this endpoint with these, in order; afterwards 201. 410 makes it gone for good. */
  script(endpoint: string, ...answers: ScriptedAnswer[]): void;
  /** Every push that arrived and was valid, whatever the answer. */
  received: ReceivedPush[];
  /** Requests refused as invalid (bad JWT, undecryptable body), with the reason. */
  refused: { endpoint: string; reason: string }[];
  receivedFor(endpoint: string): ReceivedPush[];
  stop(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const devices = new Map<string, DeviceKeys>();
  const gone = new Set<string>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const sockets = new Set<Socket>();
  let origin = '';

  const answer = (res: ServerResponse, status: number, headers: Record<string, string> = {}, text = '') => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(text);
  };

  /** For a test in another process (the e2e workers): make a subscription, read what arrived. */
  function control(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', origin);
    const json = (value: unknown) => answer(res, 200, { 'content-type': 'application/json' }, JSON.stringify(value));
    if (req.method === 'POST' && url.pathname === '/__stand-in/subscriptions') json(standIn.subscribe());
    else if (req.method === 'GET' && url.pathname === '/__stand-in/received') {
      json(standIn.receivedFor(url.searchParams.get('endpoint') ?? ''));
    } else return false;
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (control(req, res)) return;
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const endpoint = `${origin}/push/${id}`;
    const device = devices.get(id);
    if (req.method !== 'POST') return answer(res, 405);
    if (!device) return answer(res, 404, {}, 'No such subscription');
    if (gone.has(id)) return answer(res, 410, {}, 'Subscription expired');
    let claims: VapidClaims;
    let text: string;
    try {
      claims = verifyVapid(req.headers.authorization, origin);
    } catch (error) {
      refused.push({ endpoint, reason: (error as Error).message });
      return answer(res, 403, {}, (error as Error).message);
    }
    const ttl = Number(req.headers.ttl);
    try {
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Error('TTL header missing');
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding must be aes128gcm');
      text = decryptPush(body, device);
    } catch (error) {
      refused.push({ endpoint, reason: (error as Error).message });
      return answer(res, 400, {}, (error as Error).message);
    }
    const scripted = scripts.get(id)?.shift() ?? { status: 201 };
    if (scripted.status === 410) gone.add(id);
    const urgency = typeof req.headers.urgency === 'string' ? req.headers.urgency : null;
    received.push({ endpoint, text, ttl, urgency, claims, status: scripted.status, at: Date.now() });
    if (scripted.status === 201) {
      return answer(res, 201, { location: `${origin}/message/${randomUUID()}`, ...scripted.headers });
    }
    answer(res, scripted.status, scripted.headers ?? {}, `Scripted ${scripted.status}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: PushServiceStandIn = {
    origin,
    subscribe() {
      const id = randomUUID();
      const device = newDeviceKeys();
      devices.set(id, device);
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: device.p256dh, auth: device.authText },
      };
    },
    script(endpoint, ...answers) {
      const id = endpoint.split('/').pop() ?? '';
      scripts.set(id, [...(scripts.get(id) ?? []), ...answers]);
    },
    received,
    refused,
    receivedFor: (endpoint) => received.filter((push) => push.endpoint === endpoint),
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
