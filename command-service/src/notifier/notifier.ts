import { randomUUID } from 'node:crypto';
import { emailStream } from '@ot/contracts/email/email-fields.ts';
import { createAlarm } from '@ot/infra/alarm.ts';
import { createLoginCodes, type LoginCodes } from '@ot/infra/auth/login-codes.ts';
import { sleep } from '@ot/infra/db/backoff.ts';
import type { EmailTransport } from '@ot/infra/email/email-transport.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { createFollower } from '@ot/infra/follower/follower.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type { PushTransport } from '@ot/infra/push/push-transport.ts';
import type pg from 'pg';
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
  const run = notifierRun(options);
  // Takes every event into the work list; its active instance is the active notifier.
  const intake = createFollower({
    name: options.name ?? 'notifier',
    pool: options.pool,
    store: options.store,
    logger: options.logger,
    pollMs: run.pollMs,
    // The notifier folds in a few event types (INTAKE_TYPES): the others (an import's orders) are read without their data.
    dataOf: INTAKE_TYPES,
    // ...and acts on nothing else: a batch without them is passed without a transaction of its own.
    only: INTAKE_TYPES,
    // ...and nobody waits on its checkpoint: while writes stream in, it reads them every 50 ms, not per append.
    settleMs: 50,
    applyBatch: applyIntake(options.logger),
    async onActive() {
      run.ready = false;
      await run.delivering; // an attempt of ours still going out is not a crash's leftover
      await recoverInFlight(run);
      await run.push?.recover();
      run.ready = true;
      options.logger.info({ transport: options.transport.description }, 'notifier sending');
      run.workAlarm.poke();
      run.push?.poke();
    },
    onApplied: () => {
      run.workAlarm.poke();
      run.push?.poke();
    },
  });
  const { push } = run;
  const sending = () => run.ready && intake.isActive();

  return {
    /** Run until stopped: follow the events (active or standby) and, while active, send. */
    async run(): Promise<void> {
      await Promise.all([
        intake.run(),
        loop(run, 'sending', () => workStep(run, intake.isActive())),
        ...(push ? [loop(run, 'pushing', () => push.step(sending))] : []),
      ]);
    },

    /** Finish the attempt in hand, then stop. */
    stop(): void {
      run.stopped = true;
      void intake.stop();
      run.workAlarm.poke();
      push?.poke();
    },

    isActive: () => intake.isActive(),

    /** What the metrics endpoint shows: totals from the work list, and this process's own counts. */
    async metrics() {
      return {
        active: intake.isActive(),
        sinceStart: { ...run.counters },
        totals: await run.deliveries.counts(),
        push: (await push?.metrics()) ?? null,
      };
    },
  };
}

/** A notifier's running state, and what deliver() needs. */
function notifierRun(options: NotifierOptions) {
  const { pool, store, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const deliveries = createDeliveries(pool);
  const run = {
    options,
    clock,
    pollMs: options.pollMs ?? 1000,
    deliveries,
    workAlarm: createAlarm(),
    stopped: false,
    /** Active and settled: what a crash left has been looked at, so sending may go on. */
    ready: false,
    delivering: Promise.resolve() as Promise<unknown>,
    sendsHeldUntil: 0,
    counters: { sent: 0, failedAttempts: 0, unknownOutcomes: 0 },
    push:
      options.push &&
      createPushSender({
        pool,
        store,
        logger,
        studio: options.studio,
        pollMs: options.pollMs ?? 1000,
        clock,
        random: options.random ?? Math.random,
        isStopping: (): boolean => run.stopped,
        ...options.push,
      }),
    deps: {
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
      isStopping: (): boolean => run.stopped,
      holdSendsUntil(until: Date) {
        run.sendsHeldUntil = Math.max(run.sendsHeldUntil, until.getTime());
        logger.warn(
          { until: until.toISOString() },
          'SendGrid is rate limiting: holding every email until its window resets',
        );
      },
    },
  };
  return run;
}

type NotifierRun = ReturnType<typeof notifierRun>;

/** Markers the previous active notifier left: applied if their outcome was recorded, else sent again. */
function recoverInFlight(run: NotifierRun): Promise<void> {
  return releaseLeftovers(
    run.options.store,
    run.deliveries,
    (delivery) => ({ id: delivery.notificationId, stream: emailStream(delivery.notificationId) }),
    (delivery) => {
      run.counters.unknownOutcomes += 1;
      run.options.logger.warn(
        { notificationId: delivery.notificationId, orderNumber: delivery.orderNumber, attempt: delivery.attempt },
        'an attempt was going out when the last notifier stopped and its outcome is unknown: sending it again (the customer may receive this email twice)',
      );
    },
  );
}

/** Run `step` until stopped, surviving database hiccups (logged, then tried again). */
async function loop(run: NotifierRun, label: string, step: () => Promise<void>): Promise<void> {
  while (!run.stopped) {
    try {
      await step();
    } catch (error) {
      run.options.logger.error({ err: error }, `${label} failed; trying again`);
      await sleep(1000);
    }
  }
}

/** Sends the next email due, or waits until one may be (woken early by intake). */
async function workStep(run: NotifierRun, active: boolean): Promise<void> {
  const { clock, pollMs, workAlarm } = run;
  if (!run.ready || !active) {
    run.ready = false;
    await workAlarm.wait(pollMs);
    return;
  }
  const held = run.sendsHeldUntil - clock().getTime();
  if (held > 0) {
    await workAlarm.wait(held);
    return;
  }
  const due = await run.deliveries.nextDue(clock());
  if (due && run.ready) {
    const attempt = deliver(run.deps, due);
    run.delivering = attempt.catch(() => {});
    const outcome = await attempt;
    if (outcome?.type === 'EmailSent') run.counters.sent += 1;
    if (outcome?.type === 'EmailDeliveryFailed') run.counters.failedAttempts += 1;
    return;
  }
  const next = await run.deliveries.nextDueAt();
  const untilNext = next ? next.getTime() - clock().getTime() : pollMs;
  await workAlarm.wait(Math.min(pollMs, untilNext));
}

export type Notifier = ReturnType<typeof createNotifier>;
