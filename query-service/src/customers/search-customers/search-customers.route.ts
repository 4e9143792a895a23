import { searchCustomersQuerySchema, WHOLE_DIRECTORY } from '@ot/contracts/customers/customer-queries.ts';
import type { Address } from '@ot/contracts/orders/order-fields.ts';
import type { Customer } from '@ot/contracts/orders/order-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

/** The plain call takes no parameters and gets the customer list; a search (`q`) gets the first 50 matches. */
const SEARCH_LIMIT = 50;

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

/** The customers directory for add-order: all of it, or `?q=` matching name or email; `limit` caps either. */
export function searchCustomersRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/customers', requireRole('auditor'), async (ctx) => {
    const { q, limit } = parse(searchCustomersQuerySchema, ctx.query);
    const { rows } = await deps.pool.query<CustomerRow>(
      `select customer_email, customer_name, customer_phone, shipping_address, billing_address
         from rm.customers
        where $1::text is null or lower(customer_name) like $1 or email_lower like $1
        order by lower(customer_name), email_lower
        limit $2`,
      [q ? likePattern(q) : null, limit ?? (q ? SEARCH_LIMIT : WHOLE_DIRECTORY)],
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
