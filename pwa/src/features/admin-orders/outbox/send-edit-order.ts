import { orderViewSchema } from '@ot/contracts/orders/order-views.ts';
import { getJson, isApiError } from '../../../lib/api-client.ts';
import { updateOrderDetails } from '../api/update-order-details.ts';
import { updateOrderItem } from '../api/update-order-item.ts';
import { uploadDocument } from '../api/upload-document.ts';
import { detailsBody, itemCalls, snapshotOfOrder } from './order-snapshot.ts';
import { type EditOrderEntry, freshProgress, type Save, type SendOutcome } from './outbox-entry.ts';
import { threeWayMerge } from './three-way-merge.ts';

/** A busy order may change again while merging; after this many rounds the change waits as failed. */
const MAX_MERGES = 3;

/** A 409: merge with the order as it is now; fields both sides changed wait for the admin. */
async function mergeWithCurrent(entry: EditOrderEntry, save: Save): Promise<boolean> {
  const order = await getJson(`/api/orders/${encodeURIComponent(entry.orderNumber)}`, orderViewSchema);
  const current = snapshotOfOrder(order);
  const { merged, conflicts, removedItems } = threeWayMerge(entry.base, current, entry.mine);
  entry.removedItems = removedItems;
  entry.progress = freshProgress();
  if (conflicts.length > 0) {
    entry.conflict = { current, currentVersion: order.version, fields: conflicts };
    await save(entry);
    return false;
  }
  // Both sides' changes, based on the order as it is now.
  entry.base = current;
  entry.mine = merged;
  entry.version = order.version;
  entry.conflict = null;
  await save(entry);
  return true;
}

async function sendEditOnce(entry: EditOrderEntry, save: Save): Promise<void> {
  const document = entry.document;
  if (document && !document.documentUrl) {
    document.documentUrl = await uploadDocument(document.file, document.name, entry.orderNumber, document.uploadKey);
    await save(entry);
  }
  const documentUrl = document?.documentUrl ?? (entry.mine.fields.documentUrl?.trim() || null);
  const progress = entry.progress;
  if (!progress.detailsSent) {
    entry.version = await updateOrderDetails({
      orderNumber: entry.orderNumber,
      version: entry.version,
      body: detailsBody(entry.mine, documentUrl),
      idempotencyKey: progress.detailsKey,
    });
    progress.detailsSent = true;
    await save(entry);
  }
  for (const call of itemCalls(entry.mine, entry.base, entry.notifyCustomer)) {
    if (progress.itemsSent.includes(call.id)) continue;
    const key = progress.itemKeys[call.id] ?? crypto.randomUUID();
    if (!progress.itemKeys[call.id]) {
      progress.itemKeys[call.id] = key;
      await save(entry);
    }
    entry.version = await updateOrderItem({
      orderNumber: entry.orderNumber,
      itemId: call.id,
      version: entry.version,
      body: call.body,
      sendEmail: call.sendEmail,
      idempotencyKey: key,
    });
    progress.itemsSent.push(call.id);
    await save(entry);
  }
}

export async function sendQueuedEdit(entry: EditOrderEntry, save: Save): Promise<SendOutcome> {
  for (let merges = 0; ; merges++) {
    try {
      await sendEditOnce(entry, save);
      return { kind: 'sent', order: null };
    } catch (error) {
      if (!isApiError(error, 409) || merges >= MAX_MERGES) throw error;
      if (!(await mergeWithCurrent(entry, save))) return { kind: 'conflict' };
    }
  }
}
