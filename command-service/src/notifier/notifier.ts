import { randomUUID } from 'node:crypto';
import { emailStream } from '@ot/contracts/email/email-fields.ts';
import { createLoginCodes, type LoginCodes } from '@ot/infra/auth/login-codes.ts';
import type { EmailTransport } from '@ot/infra/email/email-transport.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { createFollower } from '@ot/infra/follower/follower.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type { PushTransport } from '@ot/infra/push/push-transport.ts';
import type pg from 'pg';
import { alarm } from './alarm.ts';
import type { Studio } from './compose-email.ts';
import { deliver } from './deliver.ts';
import { createDeliveries } from './deliveries.ts';
import { applyIntake, INTAKE_TYPES } from './intake.ts';
import { createPushSender } from './push/push-sender.ts';
import { releaseLeftovers } from './work-list.ts';

export interface NotifierOptions {
  pool: pg.Pool;
  store: EventStore;
  transport: EmailTransport;
  logger: Logger;
  studio: Studio;
  emailFrom: string;
  retryBaseMs: number;
  /** The checkpoint row and advisory lock name. */
  name?: string;
  pollMs?: number;
  clock?: () => Date;
  random?: () => number;
  /** Sign-in code emails; unset: codes keyed like the command service's without SESSION_SECRET. */
  loginCodes?: Pick<LoginCodes, 'codeForNotification'>;
  /** Push messages to customers' devices; unset: requested pushes wait in push.deliveries. */
  push?: { transport: PushTransport; retryBaseMs: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The notifier: follows every event, keeps its work list (email.deliveries) in step with them, and
 * sends each requested email, one at a time, recording each outcome as an event in the email's own
 * stream. One instance is active (advisory lock); others wait as standby.
 *
 * Crash safety: before an attempt goes out, its marker (state 'sending') is committed; its outcome
 * event carries the marker's id. On taking over, an active notifier first takes in every event, then
 * looks at markers left behind. A marker whose outcome event exists is simply applied. A marker without
 * one is the ambiguous case: the attempt may or may not have reached SendGrid. We send it again (an email
 * must never be lost), count it in `unknownOutcomes`, log it, and mark the eventual EmailSent as a
 * possible duplicate. Sending one at a time means a crash leaves at most one such marker.
 */
export function createNotifier(options: NotifierOptions) {
  const name = options.name ?? 'notifier';
  const { pool, store, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const deliveries = createDeliveries(pool);
  const workAlarm = alarm();
  let stopped = false;
  /** Active and settled: what a crash left has been looked at, so sending may go on. */
  let ready = false;
  let delivering: Promise<unknown> = Promise.resolve();
  let sendsHeldUntil = 0;
  const counters = { sent: 0, failedAttempts: 0, unknownOutcomes: 0 };
  const push =
    options.push &&
    createPushSender({
      pool,
      store,
      logger,
      studio: options.studio,
      pollMs,
      clock,
      random: options.random ?? Math.random,
      isStopping: () => stopped,
      ...options.push,
    });

  const deps = {
    store,
    deliveries,
    loginCodes: options.loginCodes ?? createLoginCodes(pool),
    transport: options.transport,
    logger,
    studio: options.studio,
    emailFrom: options.emailFrom,
    retryBaseMs: options.retryBaseMs,
    clock,
    random: options.random ?? Math.random,
    newId: randomUUID,
    isStopping: () => stopped,
    holdSendsUntil(until: Date) {
      sendsHeldUntil = Math.max(sendsHeldUntil, until.getTime());
      logger.warn(
        { until: until.toISOString() },
        'SendGrid is rate limiting: holding every email until its window resets',
      );
    },
  };

  /** Markers the previous active notifier left: applied if their outcome was recorded, else sent again. */
  const recoverInFlight = () =>
    releaseLeftovers(
      store,
      deliveries,
      (delivery) => ({ id: delivery.notificationId, stream: emailStream(delivery.notificationId) }),
      (delivery) => {
        counters.unknownOutcomes += 1;
        logger.warn(
          { notificationId: delivery.notificationId, orderNumber: delivery.orderNumber, attempt: delivery.attempt },
          'an attempt was going out when the last notifier stopped and its outcome is unknown: sending it again (the customer may receive this email twice)',
        );
      },
    );

  /** Run `step` until stopped, surviving database hiccups (logged, then tried again). */
  async function loop(label: string, step: () => Promise<void>): Promise<void> {
    while (!stopped) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, `${label} failed; trying again`);
        await sleep(1000);
      }
    }
  }

  // Takes every event into the work list; its active instance is the active notifier.
  const intake = createFollower({
    name,
    pool,
    store,
    logger,
    pollMs,
    // The notifier folds in four event types: the others (an import's orders) are read without their data.
    dataOf: INTAKE_TYPES,
    // ...and acts on nothing else: a batch without them is passed without a transaction of its own.
    only: INTAKE_TYPES,
    // ...and nobody waits on its checkpoint: while writes stream in, it reads them every 50 ms, not per append.
    settleMs: 50,
    applyBatch: applyIntake(logger),
    async onActive() {
      ready = false;
      await delivering; // an attempt of ours still going out is not a crash's leftover
      await recoverInFlight();
      await push?.recover();
      ready = true;
      logger.info({ transport: options.transport.description }, 'notifier sending');
      workAlarm.poke();
      push?.poke();
    },
    onApplied: () => {
      workAlarm.poke();
      push?.poke();
    },
  });

  const workStep = async () => {
    if (!ready || !intake.isActive()) {
      ready = false;
      await workAlarm.wait(pollMs);
      return;
    }
    const held = sendsHeldUntil - clock().getTime();
    if (held > 0) {
      await workAlarm.wait(held);
      return;
    }
    const due = await deliveries.nextDue(clock());
    if (due && ready) {
      const attempt = deliver(deps, due);
      delivering = attempt.catch(() => {});
      const outcome = await attempt;
      if (outcome?.type === 'EmailSent') counters.sent += 1;
      if (outcome?.type === 'EmailDeliveryFailed') counters.failedAttempts += 1;
      return;
    }
    const next = await deliveries.nextDueAt();
    const untilNext = next ? next.getTime() - clock().getTime() : pollMs;
    await workAlarm.wait(Math.min(pollMs, untilNext));
  };

  return {
    /** Run until stopped: follow the events (active or standby) and, while active, send. */
    async run(): Promise<void> {
      const sending = () => ready && intake.isActive();
      await Promise.all([
        intake.run(),
        loop('sending', workStep),
        ...(push ? [loop('pushing', () => push.step(sending))] : []),
      ]);
    },

    /** Finish the attempt in hand, then stop. */
    stop(): void {
      stopped = true;
      void intake.stop();
      workAlarm.poke();
    },

    isActive: () => intake.isActive(),

    /** What the metrics endpoint shows: totals from the work list, and this process's own counts. */
    async metrics() {
      return {
        active: intake.isActive(),
        sinceStart: { ...counters },
        totals: await deliveries.counts(),
        push: (await push?.metrics()) ?? null,
      };
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
