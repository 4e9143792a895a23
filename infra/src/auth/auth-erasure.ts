import type { ErasureStep } from '../privacy/erasure-steps.ts';

/** The customer's account goes, and with it every session (on delete cascade), login code and failure count. */
export const authErasure: ErasureStep = {
  name: 'accounts and sessions',
  async erase(tx, { email, orderNumbers }) {
    await tx.query('delete from auth.users where not is_admin and lower(email) = lower($1)', [email]);
    await tx.query('delete from auth.login_codes where lower(email) = lower($1) or order_number = any($2::text[])', [
      email,
      orderNumbers,
    ]);
    await tx.query(`delete from auth.login_failures where lower(key) = lower('customer:' || $1)`, [email.trim()]);
  },
};
