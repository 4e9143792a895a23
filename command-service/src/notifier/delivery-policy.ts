import type { EmailEvent as OrderEvent } from '@ot/contracts/email/email-events.ts';
import { MAX_DELIVERY_ATTEMPTS } from '@ot/contracts/email/email-fields.ts';
import type { SendFailure, SendResult } from '@ot/infra/email/email-transport.ts';

export type DeliveryOutcome = Extract<OrderEvent, { type: 'EmailSent' | 'EmailDeliveryFailed' }>;

/** Worth trying again: rate limiting, SendGrid's own trouble, the network, a timeout. Other 4xx, or a message the client refused, never. */
export function isRetryable(failure: SendFailure): boolean {
  if (failure.kind === 'invalid') return false;
  return failure.kind !== 'http' || failure.status === 429 || failure.status >= 500;
}

/** Exponential backoff with jitter: after attempt n fails, wait between half and all of base * 2^(n-1). */
export function backoffMs(failedAttempt: number, baseMs: number, random: () => number): number {
  const ceiling = baseMs * 2 ** (failedAttempt - 1);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The longest a 429 may hold an email: a header claiming more is read as a mistake, not obeyed for days. */
export const MAX_RATE_LIMIT_WAIT_MS = 60 * 60 * 1000;

/** X-RateLimit-Reset as an instant: SendGrid sends Unix seconds; others send milliseconds or seconds from now. */
function resetAt(reset: number, now: Date): number {
  if (reset >= 1e12) return reset;
  if (reset >= 1e9) return reset * 1000;
  return now.getTime() + reset * 1000;
}

/**
 * How long a 429 asks us to wait: `Retry-After` (seconds or an HTTP date) or SendGrid's
 * `X-RateLimit-Reset` (Unix seconds when the window resets). Null when neither says.
 */
export function rateLimitWaitMs(headers: Record<string, string>, now: Date): number | null {
  const waits: number[] = [];
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const at = Number.isFinite(seconds) ? now.getTime() + seconds * 1000 : Date.parse(retryAfter);
    if (Number.isFinite(at)) waits.push(at - now.getTime());
  }
  const reset = Number(headers['x-ratelimit-reset']);
  if (headers['x-ratelimit-reset'] && Number.isFinite(reset)) waits.push(resetAt(reset, now) - now.getTime());
  return waits.length > 0 ? Math.min(MAX_RATE_LIMIT_WAIT_MS, Math.max(0, ...waits)) : null;
}

export interface Attempt {
  notificationId: string;
  /** This attempt's number in the current round, 1..3. */
  attempt: number;
  subject: string;
  /** An earlier attempt's outcome was lost in a crash. */
  possibleDuplicate: boolean;
  now: Date;
  retryBaseMs: number;
  random: () => number;
}

/** The event that records an attempt: sent, or failed with the next attempt's time (null: not again). */
export function decideOutcome(attempt: Attempt, result: SendResult): DeliveryOutcome {
  const { notificationId, subject } = attempt;
  if (result.ok) {
    return {
      type: 'EmailSent',
      data: {
        notificationId,
        attempt: attempt.attempt,
        providerMessageId: result.providerMessageId,
        subject,
        ...(attempt.possibleDuplicate ? { possibleDuplicate: true } : {}),
      },
    };
  }
  const { failure } = result;
  return {
    type: 'EmailDeliveryFailed',
    data: {
      notificationId,
      attempt: attempt.attempt,
      error: failure.message,
      nextAttemptAt: nextAttemptAt(attempt, failure),
      subject,
    },
  };
}

/**
 * When a failed attempt is tried again (emails and pushes alike): after the backoff, or later when the
 * service asked for that (Retry-After); null when it is not worth trying again or was the last attempt.
 */
export function nextAttemptAt(
  attempt: Pick<Attempt, 'attempt' | 'now' | 'retryBaseMs' | 'random'>,
  failure: SendFailure,
): string | null {
  if (!isRetryable(failure) || attempt.attempt >= MAX_DELIVERY_ATTEMPTS) return null;
  const backoff = backoffMs(attempt.attempt, attempt.retryBaseMs, attempt.random);
  const asked = failure.kind === 'http' ? rateLimitWaitMs(failure.headers, attempt.now) : null;
  return new Date(attempt.now.getTime() + Math.max(backoff, asked ?? 0)).toISOString();
}
