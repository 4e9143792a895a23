import type { ErasureStep } from '../privacy/erasure-steps.ts';

/** The notifier's work list and the dev mailbox hold recipients and whole messages: they go. */
export const emailErasure: ErasureStep = {
  name: 'emails',
  async erase(tx, { email, notificationIds }) {
    await tx.query(
      'delete from email.deliveries where notification_id = any($1::text[]) or lower(recipient_email) = lower($2)',
      [notificationIds, email],
    );
    await tx.query(
      'delete from email.dev_mailbox where notification_id = any($1::text[]) or lower(to_email) = lower($2)',
      [notificationIds, email],
    );
  },
};
