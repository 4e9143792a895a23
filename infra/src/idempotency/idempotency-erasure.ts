import type { ErasureStep } from '../privacy/erasure-steps.ts';

/**
 * A stored first answer (an order as it stood) may name the customer: its body and headers go. The key
 * stays claimed, so a retry of that request is still recognised and not run twice.
 */
export const idempotencyErasure: ErasureStep = {
  name: 'idempotency records',
  async erase(tx, { email, orderNumbers }) {
    await tx.query(
      `update commands.idempotency_keys set body = null, headers = null
        where body is not null
          and (position(lower($1) in lower(body)) > 0
               or exists (select 1 from unnest($2::text[]) n where position('"' || n || '"' in body) > 0))`,
      [email, orderNumbers],
    );
  },
};
