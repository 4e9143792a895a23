import { writeCsv } from '@ot/infra/csv/write-csv.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

/**
 * GET /api/admin/customers/export: the customers directory as a CSV file, for a spreadsheet.
 * Imported text is written back through writeCsv, so a cell like `=HYPERLINK(...)` stays text there.
 */
export function exportCustomersRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/customers/export', requireRole('auditor'), async (ctx) => {
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
