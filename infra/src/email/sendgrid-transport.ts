import sendgridClient from '@sendgrid/client';
import sendgridMail from '@sendgrid/mail';
import type { EmailMessage, EmailTransport, SendFailure, SendResult } from './email-transport.ts';

// Both packages export a ready-made singleton with the class beside it; we want instances of our own.
const { Client } = sendgridClient as unknown as { Client: new () => typeof sendgridClient };
const { MailService } = sendgridMail as unknown as { MailService: new () => typeof sendgridMail };

export interface SendGridOptions {
  apiKey: string;
  /** Another base URL than SendGrid's own (tests, staging); `https://api.sendgrid.com` when unset. */
  baseUrl?: string | undefined;
  timeoutMs: number;
}

interface SendGridError {
  code?: number | string;
  message?: string;
  response?: { headers?: Record<string, unknown>; body?: unknown };
}

const lowerCaseHeaders = (headers: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]));

/** SendGrid's reason, from its `{errors: [{message}]}` body when it sent one. */
function reasonOf(body: unknown, fallback: string): string {
  const errors = (body as { errors?: { message?: unknown }[] } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof first === 'string' && first ? first : fallback;
}

export function toSendFailure(error: unknown, timeoutMs: number): SendFailure {
  const e = error as SendGridError;
  if (typeof e.code === 'number' && e.response) {
    return {
      kind: 'http',
      status: e.code,
      message: `SendGrid answered ${e.code}: ${reasonOf(e.response.body, e.message || 'no reason given')}`,
      headers: lowerCaseHeaders(e.response.headers),
    };
  }
  if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '')) {
    return { kind: 'timeout', message: `SendGrid did not answer within ${timeoutMs} ms` };
  }
  // Network errors carry a code (ECONNREFUSED, ECONNRESET, ERR_NETWORK...); the client's own checks do not.
  if (typeof e.code === 'string') {
    return { kind: 'network', message: `Could not reach SendGrid: ${e.code} ${e.message ?? ''}`.trim() };
  }
  return { kind: 'invalid', message: `SendGrid client refused the message: ${e.message ?? String(error)}` };
}

/**
 * SendGrid's v3 mail send through the official client. The base URL is the client's default request
 * (set after the API key, which resets it to SendGrid's own), so a stand-in can play SendGrid in tests.
 */
export function createSendGridTransport(options: SendGridOptions): EmailTransport {
  const client = new Client();
  client.setApiKey(options.apiKey);
  if (options.baseUrl) client.setDefaultRequest('baseUrl', options.baseUrl);
  const mail = new MailService();
  mail.setClient(client);
  mail.setTimeout(options.timeoutMs);
  const baseUrl = options.baseUrl ?? 'https://api.sendgrid.com/';

  return {
    description: `SendGrid at ${baseUrl}`,
    async send(message: EmailMessage): Promise<SendResult> {
      // The client's own timeout covers a silent server; this guard covers one that trickles bytes.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
          options.timeoutMs + 1000,
        );
      });
      try {
        const [response] = await Promise.race([
          mail.send({
            to: message.to,
            from: message.from,
            subject: message.subject,
            text: message.text,
            html: message.html,
            customArgs: { notificationId: message.notificationId },
          }),
          deadline,
        ]);
        const id = (response.headers as Record<string, unknown> | undefined)?.['x-message-id'];
        return { ok: true, providerMessageId: typeof id === 'string' ? id : null };
      } catch (error) {
        return { ok: false, failure: toSendFailure(error, options.timeoutMs) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
