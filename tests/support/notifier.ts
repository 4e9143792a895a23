import { createDevMailboxTransport } from '@ot/infra/email/dev-mailbox-transport.ts';
import type { EmailTransport } from '@ot/infra/email/email-transport.ts';
import { createSendGridTransport } from '@ot/infra/email/sendgrid-transport.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { createNotifier } from '../../command-service/src/notifier/notifier.ts';
import { STAND_IN_API_KEY } from './sendgrid-stand-in.ts';

export const STUDIO = { name: 'Elite Performance Golf', publicUrl: 'https://track.example.test' };

/** The real SendGrid transport, pointed at a stand-in. */
export const sendGridTo = (baseUrl: string, timeoutMs = 400): EmailTransport =>
  createSendGridTransport({ apiKey: STAND_IN_API_KEY, baseUrl, timeoutMs });

/** A notifier running in this process, as main.ts wires it, with test-sized timings. */
export function startNotifier(
  pool: pg.Pool,
  store: EventStore,
  options: { transport?: EmailTransport; retryBaseMs?: number } = {},
) {
  const notifier = createNotifier({
    pool,
    store,
    transport: options.transport ?? createDevMailboxTransport(pool),
    logger: createLogger('notifier', 'silent'),
    studio: STUDIO,
    emailFrom: 'orders@studio.example.test',
    retryBaseMs: options.retryBaseMs ?? 40,
    pollMs: 50,
  });
  const running = notifier.run();
  return {
    notifier,
    async stop() {
      notifier.stop();
      await running;
    },
  };
}
