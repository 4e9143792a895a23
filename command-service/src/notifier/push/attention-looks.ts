import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { pushStream } from '@ot/contracts/push/push-events.ts';
import { type EventStore, WrongExpectedVersionError } from '@ot/infra/event-store/event-store.ts';
import { nameBasedId } from '@ot/infra/event-store/name-based-id.ts';
import { rolesMeetingRole } from '@ot/infra/http/policy.ts';
import { type AttentionLook, createAttentionLooks } from '@ot/infra/push/attention-looks.ts';
import type pg from 'pg';
import { attentionRequest, enteredSince, sameSeen, seenNow } from './attention-push.ts';

const radarActor = { kind: 'system', id: 'delay-radar', name: 'delay radar' } as const;

/** Each look of a device is named by its count, so asking again for the same look (a restart, a second notifier) asks once. */
export const attentionPushId = (look: Pick<AttentionLook, 'subscriptionId' | 'look'>): string =>
  `attention-${look.subscriptionId}-${look.look}`;

/** Staff who read the attention list may be told of it on their devices. */
export const attentionReaders = () => rolesMeetingRole('auditor');

/**
 * One look at the attention list for each staff device: what entered it since the device's previous look
 * is one push request (in the push's own stream, with a name-based id), then the device has seen the list
 * as it stands. The list is read only when a staff device is subscribed.
 */
export async function requestAttentionPushes(
  deps: { pool: pg.Pool; store: EventStore },
  now: Date,
  flagged: () => Promise<AttentionItem[]>,
): Promise<number> {
  const looks = createAttentionLooks(deps.pool);
  const devices = await looks.ofRoles(attentionReaders());
  if (devices.length === 0) return 0;
  const current = await flagged();
  const seen = seenNow(current);
  let requested = 0;
  for (const device of devices) {
    const entered = enteredSince(device.seen, current);
    if (entered.length > 0) {
      const pushId = attentionPushId(device);
      const id = nameBasedId(`attention-push:${pushId}`);
      try {
        await deps.store.append(
          pushStream(pushId),
          [
            {
              id,
              type: 'AttentionPushRequested',
              data: attentionRequest(pushId, device.subscriptionId, entered),
              metadata: {
                actor: radarActor,
                occurredAt: now.toISOString(),
                commandId: id,
                correlationId: id,
                causationId: null,
              },
            },
          ],
          { expectedVersion: 'no_stream', landed: 'conflict' },
        );
        requested++;
      } catch (error) {
        // Asked already: this look was taken before a restart, or by another notifier.
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
    if (entered.length > 0 || !sameSeen(device.seen, seen)) await looks.advance(device, seen);
  }
  return requested;
}
