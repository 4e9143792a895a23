import type { ErasureStep } from '../privacy/erasure-steps.ts';

/**
 * The customer's devices and channel choice go; a push still waiting for one of them then finds its
 * device gone and is recorded as failed by the notifier. Runs before the account goes, since the rows
 * are found through it.
 */
export const pushErasure: ErasureStep = {
  name: 'push subscriptions',
  async erase(tx, { email }) {
    const users = 'select id from auth.users where not is_admin and lower(email) = lower($1)';
    await tx.query(`delete from push.subscriptions where user_id in (${users})`, [email]);
    await tx.query(`delete from push.preferences where user_id in (${users})`, [email]);
  },
};
