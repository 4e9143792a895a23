import webpush from 'web-push';
import type { SendResult } from '../email/email-transport.ts';
import type { VapidKeys } from './vapid.ts';

/** A browser's PushSubscription as the server keeps it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  /** The plaintext, encrypted for the subscription (RFC 8291, aes128gcm). */
  payload: string;
  /** Seconds the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

export interface PushTransportOptions {
  vapid: VapidKeys;
  subject: string;
  timeoutMs: number;
}

/** The port the notifier pushes through. `send` never throws for a failed push. */
export interface PushTransport {
  send(target: PushTarget, message: PushMessage): Promise<SendResult>;
}

const headersOf = (response: Response): Record<string, string> =>
  Object.fromEntries([...response.headers].map(([key, value]) => [key.toLowerCase(), value]));

/**
 * RFC 8030 delivery: web-push builds the request (the VAPID JWT, RFC 8292, for the endpoint's origin; the
 * aes128gcm body; TTL and Urgency) and fetch sends it, over http too (a self-hosted or test push service),
 * on kept-alive connections. The endpoint was checked against the allow-list when it was subscribed.
 */
export function createPushTransport(options: PushTransportOptions): PushTransport {
  const vapidDetails = { subject: options.subject, ...options.vapid };
  return {
    async send(target, message) {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(target, message.payload, {
          vapidDetails,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        return {
          ok: false,
          failure: { kind: 'invalid', message: `Could not build the push: ${(error as Error).message}` },
        };
      }
      const origin = new URL(target.endpoint).origin;
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)])),
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text().catch(() => '');
        if (response.ok) return { ok: true, providerMessageId: response.headers.get('location') };
        return {
          ok: false,
          failure: {
            kind: 'http',
            status: response.status,
            message: `The push service ${origin} answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
            headers: headersOf(response),
          },
        };
      } catch (error) {
        const e = error as Error;
        if (e.name === 'TimeoutError') {
          return {
            ok: false,
            failure: { kind: 'timeout', message: `${origin} did not answer within ${options.timeoutMs} ms` },
          };
        }
        const cause = (e.cause as { code?: string } | undefined)?.code ?? e.message;
        return { ok: false, failure: { kind: 'network', message: `Could not reach ${origin}: ${cause}` } };
      }
    },
  };
}
