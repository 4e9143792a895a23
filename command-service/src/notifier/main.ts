import { createLoginCodes } from '@ot/infra/auth/login-codes.ts';
import { loadConfig } from '@ot/infra/config.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createDevMailboxTransport } from '@ot/infra/email/dev-mailbox-transport.ts';
import { createSendGridTransport } from '@ot/infra/email/sendgrid-transport.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { followerReadiness } from '@ot/infra/launcher/ready.ts';
import { runWorker } from '@ot/infra/launcher/run-worker.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createPushTransport } from '@ot/infra/push/push-transport.ts';
import { loadVapidKeys, vapidSubject } from '@ot/infra/push/vapid.ts';
import { createNotifier } from './notifier.ts';
import { runRadar } from './radar-schedule.ts';

const config = loadConfig();
const logger = createLogger('notifier', config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required (npm start provides it)');
const pool = createPool(config.DATABASE_URL, 4, config.OT_PROCESS_NAME);
const store = await createEventStore(config, pool, { hearErasures: true });

const transport = config.SENDGRID_API_KEY
  ? createSendGridTransport({
      apiKey: config.SENDGRID_API_KEY,
      baseUrl: config.SENDGRID_API_BASE_URL,
      timeoutMs: config.EMAIL_SEND_TIMEOUT_MS,
    })
  : createDevMailboxTransport(pool);
if (!config.SENDGRID_API_KEY) {
  logger.warn(`SENDGRID_API_KEY is not set: emails are not sent but stored in ${transport.description}`);
}

/**
 * Pushes are signed with the studio's VAPID keys (made and kept at first start) for every push service.
 * Without a subject push services accept, push stays off (logged) rather than emails stopping with it.
 */
async function pushSide() {
  let subject: string;
  try {
    subject = vapidSubject(config);
  } catch (error) {
    logger.error({ err: error }, 'push notifications are off; requested pushes wait in push.deliveries');
    return undefined;
  }
  const transport = createPushTransport({
    vapid: await loadVapidKeys(pool, config),
    subject,
    timeoutMs: config.PUSH_SEND_TIMEOUT_MS,
  });
  return { transport, retryBaseMs: config.PUSH_RETRY_BASE_MS };
}
const push = await pushSide();
const notifier = createNotifier({
  pool,
  store,
  transport,
  logger,
  studio: { name: config.STUDIO_NAME, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
  emailFrom: config.EMAIL_FROM,
  retryBaseMs: config.EMAIL_RETRY_BASE_MS,
  loginCodes: createLoginCodes(pool, config.SESSION_SECRET),
  ...(push ? { push } : {}),
});

/** How often the notifier looks whether the digest is due, an item newly trends late (DELAY_NOTICES=auto) or entered the list (staff devices). */
const RADAR_EVERY_MS = 60_000;
const radar = { pool, store, config, clock: () => new Date(), logger };
const lookAtRadar = () =>
  runRadar(radar).then(
    ({ digests, notices, pushes }) => {
      if (digests + notices + pushes > 0) logger.info({ digests, notices, pushes }, 'delay radar messages requested');
    },
    (error: unknown) => logger.warn({ err: error }, 'delay radar: will look again'),
  );
// At start too: a product started within the digest's hour sends it then.
void lookAtRadar();
const radarTimer = setInterval(lookAtRadar, RADAR_EVERY_MS);

// Health and metrics (Prometheus text) for an operator, when NOTIFIER_HEALTH_PORT is set.
runWorker({
  name: 'notifier',
  logger,
  worker: notifier,
  healthPort: config.NOTIFIER_HEALTH_PORT,
  launched: config.OT_LAUNCHED,
  async health(req, res) {
    const metrics = await notifier.metrics().catch(() => null);
    if (req.url === '/metrics' && metrics) {
      res.setHeader('content-type', 'text/plain; version=0.0.4');
      const { totals, sinceStart } = metrics;
      res.end(
        [
          `email_notifier_active ${metrics.active ? 1 : 0}`,
          `email_sent_total ${totals.sent}`,
          `email_failed_total ${totals.failed}`,
          `email_waiting_total ${totals.pending + totals.sending}`,
          '# HELP email_unknown_outcome_total Attempts whose outcome a crash lost; each was sent again (possible duplicate).',
          `email_unknown_outcome_total ${totals.unknownOutcomes}`,
          `email_process_sent_total ${sinceStart.sent}`,
          `email_process_failed_attempts_total ${sinceStart.failedAttempts}`,
          `push_sent_total ${metrics.push?.totals.sent ?? 0}`,
          `push_failed_total ${metrics.push?.totals.failed ?? 0}`,
          `push_waiting_total ${(metrics.push?.totals.pending ?? 0) + (metrics.push?.totals.sending ?? 0)}`,
          '',
        ].join('\n'),
      );
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: metrics ? 'ok' : 'degraded', service: 'notifier', ...metrics }));
  },
  readiness: () => followerReadiness(pool, store, 'notifier'),
  async close() {
    clearInterval(radarTimer);
    await store.close();
    await pool.end();
  },
});
