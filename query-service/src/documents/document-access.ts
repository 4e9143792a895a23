import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { readsEveryOrder } from '@ot/infra/http/policy.ts';
import type pg from 'pg';

/**
 * Whether a customer may read a spec document: it belongs to one of their orders, either because it
 * was uploaded for that order or because an item of that order links to it. Admins and auditors read every one.
 */
export async function customerHasDocument(
  pool: pg.Pool,
  user: SessionUser,
  document: { url: string; orderNumber?: string },
): Promise<boolean> {
  if (readsEveryOrder(user)) return true;
  if (!user.email) return false;
  const { rows } = await pool.query<{ allowed: boolean }>(
    `select exists (
       select 1 from rm.orders o
        where lower(o.customer_email) = lower($1)
          and (o.order_number = $2
               or exists (select 1 from rm.order_items i where i.order_number = o.order_number and i.document_url = $3))
     ) as allowed`,
    [user.email, document.orderNumber ?? null, document.url],
  );
  return rows[0]?.allowed === true;
}
