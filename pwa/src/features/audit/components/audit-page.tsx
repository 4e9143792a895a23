import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, ShieldCheck, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { isUnavailableOffline } from '../../../lib/use-online.ts';
import { exportUrl, verifyQuery } from '../api/audit-queries.ts';
import { formatTime } from '../describe-change.ts';

const checkNames: Record<string, string> = {
  events: 'Event hash chains',
  'read-models': 'Read models equal the events',
};
const linkClass =
  'inline-flex items-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800';

/** Audit: export every event of a date range, and the latest integrity checks. */
export function AuditPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const verify = useQuery(verifyQuery());
  // `to` is a whole day: events up to the end of it.
  const range = {
    from: from || undefined,
    to: to ? new Date(Date.parse(`${to}T00:00:00`) + 86_400_000).toISOString() : undefined,
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
            <label className="flex flex-col gap-1 text-sm font-medium">
              From
              <input
                type="date"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                className="rounded-md border border-gray-300 px-2 py-1 dark:border-gray-600 dark:bg-gray-900"
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              To
              <input
                type="date"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                className="rounded-md border border-gray-300 px-2 py-1 dark:border-gray-600 dark:bg-gray-900"
              />
            </label>
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
                <li key={check.kind} className="flex items-center gap-2">
                  {check.ok ? (
                    <ShieldCheck aria-hidden="true" className="h-5 w-5 text-emerald-700" />
                  ) : (
                    <ShieldX aria-hidden="true" className="h-5 w-5 text-red-700" />
                  )}
                  {checkNames[check.kind] ?? check.kind}: {check.ok ? 'passed' : 'FAILED'} (
                  {formatTime(check.checkedAt)})
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
