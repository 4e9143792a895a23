import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, ShieldCheck, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { isUnavailableOffline } from '../../../lib/use-online.ts';
import { exportUrl, verifyQuery } from '../api/audit-queries.ts';
import { formatTime } from '../format-change.ts';

const checkNames: Record<string, string> = {
  events: 'Event hash chains',
  'read-models': 'Read models equal the events',
};
const linkClass =
  'inline-flex items-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800';

const problemsSchema = z.object({
  broken: z.array(z.object({ stream: z.string(), version: z.number() })).optional(),
  tables: z.array(z.object({ table: z.string(), ok: z.boolean() })).optional(),
});

/** What a failed check found: the first broken link of each stream, or the read models that differ. */
function checkProblems(details: unknown): string {
  const parsed = problemsSchema.safeParse(details);
  if (!parsed.success) return '';
  const links = (parsed.data.broken ?? []).map((link) => `${link.stream} at version ${link.version}`);
  const tables = (parsed.data.tables ?? []).filter((table) => !table.ok).map((table) => table.table);
  if (links.length > 0) return `Broken: ${links.join(', ')}`;
  return tables.length > 0 ? `Differs: ${tables.join(', ')}` : '';
}

/** One end of the export's date range. */
function DayInput({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-gray-300 px-2 py-1 dark:border-gray-600 dark:bg-gray-900"
      />
    </label>
  );
}

/** Audit: export every event of a date range, and the latest integrity checks. */
export function AuditPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const verify = useQuery(verifyQuery());
  // Whole days in the user's own time zone: from the start of `from` to the end of `to`.
  const startOf = (day: string) => Date.parse(`${day}T00:00:00`);
  const range = {
    from: from ? new Date(startOf(from)).toISOString() : undefined,
    to: to ? new Date(startOf(to) + 86_400_000).toISOString() : undefined,
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Link
        to="/admin/dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Admin Dashboard
      </Link>
      <h1 className="text-2xl font-bold">Audit</h1>
      <Card>
        <CardHeader title="Export events" />
        <CardBody className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-4">
            <DayInput label="From" value={from} onChange={setFrom} />
            <DayInput label="To" value={to} onChange={setTo} />
          </div>
          <div className="flex flex-wrap gap-2">
            <a className={linkClass} href={exportUrl('csv', range)} download>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </a>
            <a className={linkClass} href={exportUrl('ndjson', range)} download>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export NDJSON
            </a>
          </div>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Integrity checks" />
        <CardBody>
          {isUnavailableOffline(verify) ? (
            <p className="text-sm">Not available offline</p>
          ) : verify.isPending ? (
            <p className="text-sm">Loading…</p>
          ) : verify.isError || verify.data.checks.length === 0 ? (
            <p className="text-sm">No check has run yet.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {verify.data.checks.map((check) => (
                <li key={check.kind} className="flex items-start gap-2">
                  {check.ok ? (
                    <ShieldCheck aria-hidden="true" className="h-5 w-5 text-emerald-700" />
                  ) : (
                    <ShieldX aria-hidden="true" className="h-5 w-5 text-red-700" />
                  )}
                  <span>
                    {checkNames[check.kind] ?? check.kind}: {check.ok ? 'passed' : 'FAILED'} (
                    {formatTime(check.checkedAt)})
                    {!check.ok && (
                      <span className="block text-gray-700 dark:text-gray-300">{checkProblems(check.details)}</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
