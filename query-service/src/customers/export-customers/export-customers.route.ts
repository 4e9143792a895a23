import { customerExportQuerySchema, NO_SUCH_CUSTOMER } from '@ot/contracts/customers/customer-privacy.ts';
import { NotFound } from '@ot/contracts/errors/domain-errors.ts';
import { writeCsv } from '@ot/infra/csv/write-csv.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { readCustomerData } from '../export-customer-data/customer-data.ts';

/**
 * GET /api/admin/customers/export: the customers directory as a CSV file, for a spreadsheet; with
 * `?email=` everything held about that one person as JSON (the right of access, and what the Customers
 * screen shows before an erasure).
 * Imported text is written back through writeCsv, so a cell like `=HYPERLINK(...)` stays text there.
 */
export function exportCustomersRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/customers/export', requireRole('auditor'), async (ctx) => {
    const { email } = parse(customerExportQuerySchema, ctx.query);
    if (email) {
      const data = await readCustomerData(deps.pool, deps.documents, email, deps.clock());
      if (!data) throw new NotFound(NO_SUCH_CUSTOMER, 'CUSTOMER_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = data;
      return;
    }
    const { rows } = await deps.pool.query<{
      customer_name: string;
      customer_email: string;
      customer_phone: string | null;
    }>(
      'select customer_name, customer_email, customer_phone from rm.customers order by lower(customer_name), email_lower',
    );
    const csv = await writeCsv(
      ['Customer Name', 'Email', 'Phone'],
      rows.map((row) => [row.customer_name, row.customer_email, row.customer_phone]),
    );
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', 'attachment; filename="customers.csv"');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // A BOM so Excel reads the file as UTF-8.
    ctx.body = `\uFEFF${csv}\r\n`;
  });
}
