import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One mail as SendGrid's v3 API received it. */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  notificationId: string | null;
  authorization: string | undefined;
}

/** How the stand-in answers one request. */
export type Answer =
  | { kind: 'accept' }
  | { kind: 'rate-limit'; resetInSeconds: number; retryAfterSeconds?: number }
  | { kind: 'server-error'; status?: number }
  | { kind: 'reject'; status?: number; message?: string }
  | { kind: 'hang' };

export const accept: Answer = { kind: 'accept' };
export const serverError: Answer = { kind: 'server-error' };
export const hang: Answer = { kind: 'hang' };
export const reject = (message = 'The from address does not match a verified Sender Identity.'): Answer => ({
  kind: 'reject',
  message,
});
export const rateLimit = (resetInSeconds: number): Answer => ({ kind: 'rate-limit', resetInSeconds });

/** One request and how the stand-in answered it. */
export interface Exchange {
  mail: ReceivedMail;
  answer: Answer;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** For a 429: when the stand-in said its window resets (ms since the epoch). */
  resetAt: number | null;
}

export interface SendGridStandIn {
  /** For SENDGRID_API_BASE_URL. */
  url: string;
  /** Mails answered 202: what SendGrid accepted and would deliver. */
  accepted: ReceivedMail[];
  /** Every request that arrived, whatever the answer. */
  requests: ReceivedMail[];
  /** Every request with its answer, in arrival order. */
  exchanges: Exchange[];
  /** Answer the next requests for `to` with these, in order; afterwards accept. */
  script(to: string, ...answers: Answer[]): void;
  /** Answer the next requests, whoever they are for, with these in arrival order (after any script for `to`). */
  schedule(...answers: Answer[]): void;
  /** Called as each request arrives, before it is answered (a test may kill the sender here). */
  onRequest: ((mail: ReceivedMail, answer: Answer) => Promise<void> | void) | null;
  /** Called once a 202 has been written (a test may kill the sender before it reads the answer). */
  onAccepted: ((mail: ReceivedMail) => void) | null;
  acceptedFor(to: string): ReceivedMail[];
  stop(): Promise<void>;
}

function parseMail(req: IncomingMessage, body: string): ReceivedMail {
  const json = JSON.parse(body) as {
    personalizations: { to: { email: string }[] }[];
    from: { email: string };
    subject: string;
    content: { type: string; value: string }[];
    custom_args?: { notificationId?: string };
  };
  return {
    to: json.personalizations[0]?.to[0]?.email ?? '',
    from: json.from.email,
    subject: json.subject,
    text: json.content.find((c) => c.type === 'text/plain')?.value ?? '',
    html: json.content.find((c) => c.type === 'text/html')?.value ?? '',
    notificationId: json.custom_args?.notificationId ?? null,
    authorization: req.headers.authorization,
  };
}

/** SendGrid's X-RateLimit-Reset: the Unix second the window resets, `resetInSeconds` from now (rounded up). */
const rateLimitResetSeconds = (planned: { resetInSeconds: number }, now = Date.now()) =>
  Math.ceil(now / 1000) + planned.resetInSeconds;

/**
 * A local HTTP server playing SendGrid's v3 mail send (`POST /v3/mail/send`): 202 by default, or the
 * scripted failures SendGrid really gives: 429 with rate-limit reset headers, 5xx, a hang, a 4xx rejection.
 * A mail counts as accepted only once its 202 has been written.
 */
export async function startSendGridStandIn(): Promise<SendGridStandIn> {
  const scripts = new Map<string, Answer[]>();
  const scheduled: Answer[] = [];
  const sockets = new Set<Socket>();
  const standIn: Omit<SendGridStandIn, 'url' | 'stop'> = {
    accepted: [],
    requests: [],
    exchanges: [],
    script(to, ...answers) {
      scripts.set(to, [...(scripts.get(to) ?? []), ...answers]);
    },
    schedule(...answers) {
      scheduled.push(...answers);
    },
    onRequest: null,
    onAccepted: null,
    acceptedFor: (to) => standIn.accepted.filter((mail) => mail.to === to),
  };

  const answer = (res: ServerResponse, { mail, answer: planned, resetAt }: Exchange) => {
    switch (planned.kind) {
      case 'accept':
        res.writeHead(202, { 'x-message-id': `stand-in-${standIn.requests.length}` });
        res.end(() => {
          standIn.accepted.push(mail);
          standIn.onAccepted?.(mail);
        });
        return;
      case 'rate-limit': {
        const reset = (resetAt ?? 0) / 1000;
        res.writeHead(429, {
          'content-type': 'application/json',
          'x-ratelimit-limit': '600',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
          ...(planned.retryAfterSeconds !== undefined ? { 'retry-after': String(planned.retryAfterSeconds) } : {}),
        });
        res.end(JSON.stringify({ errors: [{ field: null, message: 'too many requests' }] }));
        return;
      }
      case 'server-error':
        res.writeHead(planned.status ?? 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ field: null, message: 'internal error' }] }));
        return;
      case 'reject':
        res.writeHead(planned.status ?? 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ field: 'from', message: planned.message ?? 'Bad Request' }] }));
        return;
      case 'hang':
        return;
    }
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk;
    });
    req.on('end', async () => {
      // Control endpoints, for tests in other processes (the end-to-end workers).
      if (req.method === 'POST' && req.url === '/__stand-in/script') {
        const { to, answers } = JSON.parse(body) as { to: string; answers: Answer[] };
        standIn.script(to, ...answers);
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && req.url?.startsWith('/__stand-in/accepted')) {
        const to = new URL(req.url, 'http://stand-in').searchParams.get('to') ?? '';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ mails: standIn.acceptedFor(to) }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        res.writeHead(404).end();
        return;
      }
      if (req.headers.authorization !== 'Bearer SG.stand-in-key') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'The provided authorization grant is invalid' }] }));
        return;
      }
      const mail = parseMail(req, body);
      standIn.requests.push(mail);
      const planned = scripts.get(mail.to)?.shift() ?? scheduled.shift() ?? accept;
      const at = Date.now();
      const resetAt = planned.kind === 'rate-limit' ? rateLimitResetSeconds(planned, at) * 1000 : null;
      const exchange = { mail, answer: planned, at, resetAt };
      standIn.exchanges.push(exchange);
      await standIn.onRequest?.(mail, planned);
      if (!res.destroyed && !req.socket.destroyed) answer(res, exchange);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

export const STAND_IN_API_KEY = 'SG.stand-in-key';
