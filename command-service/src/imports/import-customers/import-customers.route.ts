import { customerStream } from '@ot/contracts/customers/customer-events.ts';
import { driveCsvExportUrl, googleDriveImportSchema } from '@ot/contracts/documents/document-links.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import { customerRowsFromRecords } from '@ot/contracts/imports/customer-rows.ts';
import { type NewEvent, startStreams } from '@ot/infra/event-store/event-store.ts';
import { badRequest, HttpError, parse } from '@ot/infra/http/errors.ts';
import { type AppContext, adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import { toNewEvents } from '../../commands/handle-command.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext } from '../../http/command-context.ts';
import { importRows, type RowOutcome, replyWithOutcomes } from '../import-answer.ts';
import { isJsonBody, looksLikeJson, parseJsonFile, readImportFile } from '../import-body.ts';
import { type CustomerRow, decideImportCustomer, planCustomerImport } from './import-customers.ts';
import { decodeCsv, readCsvRecords } from './read-csv.ts';

const BATCH = 500;
const ALREADY_THERE = 'A customer with this email already exists';

async function csvRows(text: string): Promise<{ row: number; data: unknown }[]> {
  const result = customerRowsFromRecords(await readCsvRecords(text));
  if (!result.ok) throw badRequest(result.message);
  return result.rows;
}

const jsonRows = (body: unknown) => importRows(body, 'customers').map((data, index) => ({ row: index + 1, data }));

/** JSON rows as the import screen sends them, or a file: CSV as spreadsheets export it, or JSON rows. */
async function requestRows(ctx: AppContext): Promise<{ row: number; data: unknown }[]> {
  if (isJsonBody(ctx)) return jsonRows(ctx.request.body);
  const file = await readImportFile(ctx);
  const text = decodeCsv(file.bytes);
  return looksLikeJson(file, text) ? jsonRows(parseJsonFile(text)) : csvRows(text);
}

/** Emails the customers directory already holds (from orders or an earlier import). */
async function knownEmails(deps: CommandServiceDeps, customers: CustomerRow[]): Promise<Set<string>> {
  if (customers.length === 0) return new Set();
  const { rows } = await deps.pool.query<{ email_lower: string }>(
    'select email_lower from rm.customers where email_lower = any($1::text[])',
    [customers.map((c) => c.customer.email.toLowerCase())],
  );
  return new Set(rows.map((row) => row.email_lower));
}

/**
 * One stream per customer, created only if absent, so importing the same person again appends
 * nothing. Written in batches (one round trip each) so thousands of rows take seconds.
 */
async function startCustomerStreams(
  deps: CommandServiceDeps,
  rows: CustomerRow[],
  context: CommandContext,
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows.slice(from, from + BATCH);
    const results = await startStreams(
      deps.store,
      batch.map((row) => {
        const [event] = toNewEvents(decideImportCustomer(row.customer), { ...context, commandId: deps.newId() });
        return { stream: customerStream(row.customer.email), event: event as NewEvent };
      }),
    );
    batch.forEach((row, index) => {
      const result = results[index];
      outcomes.push(
        result
          ? { kind: 'imported', key: row.customer.email, position: result.position }
          : { kind: 'skipped', skip: { row: row.row, key: row.customer.email, reason: ALREADY_THERE } },
      );
    });
  }
  return outcomes;
}

async function importCustomers(ctx: AppContext, deps: CommandServiceDeps, rows: { row: number; data: unknown }[]) {
  const admin = requireAdmin(ctx);
  const context = commandContext(ctx, deps, { kind: 'import', id: admin.id, name: admin.username });
  const plan = planCustomerImport(rows);
  const known = await knownEmails(deps, plan.customers);
  const skipped = [...plan.skipped];
  const fresh = plan.customers.filter((row) => {
    const there = known.has(row.customer.email.toLowerCase());
    if (there) skipped.push({ row: row.row, key: row.customer.email, reason: ALREADY_THERE });
    return !there;
  });
  const outcomes = await startCustomerStreams(deps, fresh, context);
  replyWithOutcomes(ctx, { kind: 'customers', total: rows.length, rejected: plan.rejected, skipped, outcomes });
}

export function importCustomersRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  /**
   * A JSON array of {firstName, lastName, email, phone}, or a file: the CSV itself as the body (`text/csv`
   * or any other non-JSON type) or as a multipart upload.
   */
  router.post('/api/admin/import-customers', adminOnly, async (ctx) => {
    await importCustomers(ctx, deps, await requestRows(ctx));
  });

  /** A Google Drive or Sheets share link: its CSV export is fetched here, through the guarded fetcher. */
  router.post('/api/admin/import-customers-from-drive', adminOnly, async (ctx) => {
    const { googleDriveUrl } = parse(googleDriveImportSchema, ctx.request.body);
    const exportUrl = driveCsvExportUrl(googleDriveUrl);
    if (!exportUrl) throw badRequest('This is not a valid Google Drive link');
    const fetched = await deps.fetcher.fetch(exportUrl);
    if (/^text\/html/i.test(fetched.contentType)) {
      throw new HttpError(
        422,
        'The Google Drive file could not be read as CSV: make sure it is shared with "Anyone with the link"',
        'FETCH_FAILED',
      );
    }
    await importCustomers(ctx, deps, await csvRows(decodeCsv(fetched.body)));
  });
}
