import { createHash } from 'node:crypto';
import { emailStream, emailTypes } from '@ot/contracts/email/email-fields.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import { digestLine } from '@ot/contracts/insights/delay-notice.ts';
import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { localDate } from '@ot/contracts/insights/studio-dates.ts';
import type { Config } from '@ot/infra/config.ts';
import { EventIdsTakenError, type EventStore } from '@ot/infra/event-store/event-store.ts';
import { nameBasedId } from '@ot/infra/event-store/name-based-id.ts';
import { attentionKeeperOf } from '@ot/infra/insights/attention-keeper.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { handleEmailCommand } from '../email/email-delivery.ts';
import { handleOrderCommand } from '../orders/handle-order-command.ts';
import { decideSendDelayNotice } from '../orders/send-delay-notice/send-delay-notice.ts';
import { requestAttentionPushes } from './push/attention-looks.ts';

export interface RadarDeps {
  pool: pg.Pool;
  store: EventStore;
  config: Pick<
    Config,
    'STUDIO_TIME_ZONE' | 'STUCK_AFTER_DAYS' | 'DELAY_NOTICES' | 'DIGEST_EMAILS' | 'DIGEST_HOUR' | 'STUDIO_NAME'
  >;
  clock: () => Date;
  logger: Logger;
}

const radarActor = { kind: 'system', id: 'delay-radar', name: 'delay radar' } as const;

/** A context named after what it asks for, so asking twice (two notifiers, a restart) asks once. */
const contextFor = (name: string, now: Date): CommandContext => ({
  actor: radarActor,
  now: now.toISOString(),
  commandId: nameBasedId(name),
  correlationId: nameBasedId(name),
});

const studioHour = (now: Date, timeZone: string): number =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));

export const digestRecipients = (config: RadarDeps['config']): string[] =>
  (config.DIGEST_EMAILS ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address.includes('@'));

/** One digest per recipient per studio day: its stream is named after both, so a day's second try finds it there. */
export const digestId = (day: string, recipient: string): string =>
  `digest-${day}-${createHash('sha1').update(recipient.toLowerCase()).digest('hex').slice(0, 12)}`;

async function requestDigests(deps: RadarDeps, now: Date, day: string, flagged: () => Promise<AttentionItem[]>) {
  let requested = 0;
  for (const recipient of digestRecipients(deps.config)) {
    const notificationId = digestId(day, recipient);
    // Asked for already today (by this process before a restart, or by another): nothing to read.
    if ((await deps.store.readStream(emailStream(notificationId))).length > 0) continue;
    const lines = (await flagged()).map(digestLine);
    const { position } = await handleEmailCommand(deps, {
      notificationId,
      context: contextFor(notificationId, now),
      decide: (state) =>
        state !== 'unrecorded'
          ? []
          : [
              {
                type: 'CustomerNotificationRequested',
                data: {
                  notificationId,
                  recipientEmail: recipient,
                  emailType: emailTypes.attentionDigest,
                  requestedBy: radarActor.name,
                  digest: { day, lines },
                },
              },
            ],
    });
    if (position > 0) requested++;
  }
  return requested;
}

/** DELAY_NOTICES=auto: each item that trends late is told about once, the first time (a name-based event id). */
async function requestAutoNotices(deps: RadarDeps, now: Date, flagged: AttentionItem[]): Promise<number> {
  let sent = 0;
  for (const row of flagged.filter((item) => item.flag === 'trending_late' && item.predictedReadyDate)) {
    const name = `delay-notice:${row.itemId}`;
    const context = contextFor(name, now);
    try {
      const result = await handleOrderCommand(deps, {
        orderNumber: row.orderNumber,
        context,
        eventId: () => nameBasedId(name),
        decide: (state) =>
          decideSendDelayNotice(
            {
              type: 'SendDelayNotice',
              itemId: row.itemId,
              notificationId: nameBasedId(`${name}/notification`),
              requestedBy: radarActor.name,
              studioName: deps.config.STUDIO_NAME,
              flagged: [row],
            },
            state,
          ),
      });
      // Asked before (the same command, found in the stream): answered as it was, nothing appended.
      if (result.appended.length > 0) sent++;
    } catch (error) {
      if (!(error instanceof EventIdsTakenError)) throw error;
    }
  }
  return sent;
}

/**
 * One look at the attention list, when something needs it: the daily digest during DIGEST_HOUR (studio
 * time), with DELAY_NOTICES=auto a notice for each item newly trending late, and a push to each staff
 * device for what entered the list since its previous look.
 */
export async function runRadar(deps: RadarDeps): Promise<{ digests: number; notices: number; pushes: number }> {
  const now = deps.clock();
  const { config } = deps;
  const digestDue =
    digestRecipients(config).length > 0 && studioHour(now, config.STUDIO_TIME_ZONE) === config.DIGEST_HOUR;
  const auto = config.DELAY_NOTICES === 'auto';
  // Read once, and only when one of them needs it.
  let items: AttentionItem[] | null = null;
  const flagged = async () => {
    items ??= (await attentionKeeperOf(deps).list(now, {})).items;
    return items;
  };
  const day = localDate(now, config.STUDIO_TIME_ZONE);
  const digests = digestDue ? await requestDigests(deps, now, day, flagged) : 0;
  const notices = auto ? await requestAutoNotices(deps, now, await flagged()) : 0;
  const pushes = await requestAttentionPushes(deps, now, flagged);
  return { digests, notices, pushes };
}
