import { type AttentionFlag, attentionFlagLabels } from '@ot/contracts/insights/attention.ts';
import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { ATTENTION_PUSH_NAMED, type PushEvent } from '@ot/contracts/push/push-events.ts';
import type { Studio } from '../compose-email.ts';
import { fitPayload, type PushPayload } from './compose-push.ts';

/** One row of the attention list as a device remembers it: an item and one of its flags. */
export interface SeenEntry {
  itemId: string;
  flag: AttentionFlag;
}

type Requested = Extract<PushEvent, { type: 'AttentionPushRequested' }>['data'];
export type AttentionEntry = Requested['entries'][number];

const keyOf = (entry: SeenEntry) => `${entry.itemId}\u0000${entry.flag}`;

/**
 * What entered the list since the device's previous look: the (item, flag) pairs listed now that were not
 * then, in the list's order (most pressing first). A pair that left and came back has entered again.
 */
export function enteredSince(seen: readonly SeenEntry[], current: readonly AttentionItem[]): AttentionItem[] {
  const before = new Set(seen.map(keyOf));
  const entered = new Map<string, AttentionItem>();
  for (const item of current) if (!before.has(keyOf(item))) entered.set(keyOf(item), item);
  return [...entered.values()];
}

/** What the device has seen after this look: the list as it stands (what left is forgotten). */
export const seenNow = (current: readonly AttentionItem[]): SeenEntry[] => {
  const seen = new Map<string, SeenEntry>();
  for (const { itemId, flag } of current) seen.set(keyOf({ itemId, flag }), { itemId, flag });
  return [...seen.values()];
};

/** Two looks saw the same pairs: nothing to write. */
export const sameSeen = (a: readonly SeenEntry[], b: readonly SeenEntry[]): boolean => {
  const keys = new Set(a.map(keyOf));
  return keys.size === new Set(b.map(keyOf)).size && b.every((entry) => keys.has(keyOf(entry)));
};

/** The request of one look's push: how many entered, and the first ones by name. */
export const attentionRequest = (
  pushId: string,
  subscriptionId: string,
  entered: readonly AttentionItem[],
): Requested => ({
  pushId,
  subscriptionId,
  count: entered.length,
  entries: entered.slice(0, ATTENTION_PUSH_NAMED).map(({ orderNumber, itemId, itemName, flag, reason }) => ({
    orderNumber,
    itemId,
    itemName,
    flag,
    reason,
  })),
});

const appUrl = (studio: Studio, path: string) => `${studio.publicUrl.replace(/\/+$/, '')}${path}`;

/** The dashboard with its "Needs attention" view open. */
export const ATTENTION_VIEW_PATH = '/admin/dashboard?view=attention';

/**
 * A staff device's push: one entry names its order and item, says why, and opens the order's edit page;
 * several are counted ("3 items need attention"), the first named a line each, and open the list.
 */
export function composeAttentionPush(
  request: Pick<Requested, 'count' | 'entries'>,
  studio: Studio,
): PushPayload | null {
  const [first] = request.entries;
  if (!first) return null;
  const line = (entry: AttentionEntry) => `${entry.orderNumber} ${entry.itemName}: ${attentionFlagLabels[entry.flag]}`;
  const more = request.count - request.entries.length;
  const payload: PushPayload =
    request.count === 1
      ? {
          web_push: 8030,
          notification: {
            title: `Needs attention: ${first.orderNumber} ${first.itemName}`,
            body: `${attentionFlagLabels[first.flag]}. ${first.reason}`,
            navigate: appUrl(studio, `/admin/edit-order/${encodeURIComponent(first.orderNumber)}`),
            lang: 'en-GB',
          },
        }
      : {
          web_push: 8030,
          notification: {
            title: `${request.count} items need attention`,
            body: [...request.entries.map(line), ...(more > 0 ? [`and ${more} more`] : [])].join('\n'),
            navigate: appUrl(studio, ATTENTION_VIEW_PATH),
            lang: 'en-GB',
          },
        };
  return fitPayload(payload);
}
