import { ERASED_CUSTOMER, erasedAddress } from '@ot/contracts/privacy/personal-fields.ts';
import { AUTH_CHANGED_CHANNEL } from '../db/change-signal.ts';
import type { ErasureStep } from './erasure-steps.ts';

/**
 * The read models as a rebuild would make them once the key is gone: every field the events now read
 * as erased (personal-fields.ts) blanked the same way, so `projections:verify` finds no difference.
 * Orders keep their number, dates, money, statuses and items.
 */
export const readModelsErasure: ErasureStep = {
  name: 'read models',
  async erase(tx, { email, orderNumbers, notificationIds }) {
    await tx.query(
      `update rm.orders set customer_email = '', customer_name = $2, customer_phone = null, shipping_address = null,
              billing_address = $3::jsonb, customer_notes = null, fitter_notes = null
        where order_number = any($1::text[])`,
      [orderNumbers, ERASED_CUSTOMER, JSON.stringify(erasedAddress)],
    );
    await tx.query('update rm.order_items set document_url = null where order_number = any($1::text[])', [
      orderNumbers,
    ]);
    await tx.query(
      `update rm.order_timeline set description = null
        where order_number = any($1::text[]) and event_type = 'CustomerNotificationRequested'`,
      [orderNumbers],
    );
    await tx.query('delete from rm.customers where email_lower = lower($1)', [email]);
    await tx.query(`update rm.email_events set recipient_email = '', subject = null where id = any($1::text[])`, [
      notificationIds,
    ]);
    await tx.query(`update rm.email_retry_queue set recipient_email = '' where id = any($1::text[])`, [
      notificationIds,
    ]);
    // The checkpoint does not move for this: answers the query services keep in memory must be dropped.
    await tx.query(`select pg_notify('${AUTH_CHANGED_CHANNEL}', '')`);
  },
};
