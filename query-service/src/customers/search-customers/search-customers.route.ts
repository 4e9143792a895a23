import type { Address } from '@ot/contracts/orders/order-fields.ts';
import type { Customer } from '@ot/contracts/orders/order-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly } from '@ot/infra/http/session.ts';
import { z } from 'zod';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

const querySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

interface CustomerRow {
  customer_email: string;
  customer_name: string;
  customer_phone: string | null;
  shipping_address: Address | null;
  billing_address: Address | null;
}

const flatten = (prefix: 'shipping' | 'billing', address: Address | null) => ({
  [`${prefix}Name`]: address?.name ?? null,
  [`${prefix}Address1`]: address?.address1 ?? null,
  [`${prefix}Address2`]: address?.address2 ?? null,
  [`${prefix}City`]: address?.city ?? null,
  [`${prefix}State`]: address?.state ?? null,
  [`${prefix}ZipCode`]: address?.zipCode ?? null,
  [`${prefix}Country`]: address?.country ?? null,
});

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The customers directory for add-order: `?q=` matches name or email, capped by `limit`. */
export function searchCustomersRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/customers', adminOnly, async (ctx) => {
    const { q, limit } = parse(querySchema, ctx.query);
    const { rows } = await deps.pool.query<CustomerRow>(
      `select customer_email, customer_name, customer_phone, shipping_address, billing_address
         from rm.customers
        where $1::text is null or lower(customer_name) like $1 or email_lower like $1
        order by lower(customer_name), email_lower
        limit $2`,
      [q ? likePattern(q) : null, limit],
    );
    ctx.body = rows.map(
      (row): Customer =>
        ({
          customerName: row.customer_name,
          customerEmail: row.customer_email,
          customerPhone: row.customer_phone,
          ...flatten('shipping', row.shipping_address),
          ...flatten('billing', row.billing_address),
        }) as Customer,
    );
  });
}
