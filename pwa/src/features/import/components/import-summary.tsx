import type { ImportReport } from '@ot/contracts/imports/import-report.ts';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';

export interface ImportResult {
  source: string;
  report: ImportReport;
}

const SHOWN = 50;

function Rows({ title, rows }: { title: string; rows: { row: number; text: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-sm font-semibold">{title}</h4>
      <ul className="max-h-60 overflow-y-auto rounded-md border border-gray-200 text-sm dark:border-gray-700">
        {rows.slice(0, SHOWN).map(({ row, text }) => (
          <li
            key={`${row}-${text}`}
            className="border-b border-gray-100 px-3 py-1.5 last:border-0 dark:border-gray-800"
          >
            <span className="font-medium">Row {row}:</span> {text}
          </li>
        ))}
        {rows.length > SHOWN && (
          <li className="px-3 py-1.5 text-gray-600 dark:text-gray-400">and {rows.length - SHOWN} more</li>
        )}
      </ul>
    </div>
  );
}

/** What each import did: how many came in, which rows were skipped (and why) or rejected (and what is wrong). */
export function ImportSummary({ results }: { results: readonly ImportResult[] }) {
  if (results.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Import summary" />
      <CardBody className="flex flex-col gap-5">
        {results.map(({ source, report }) => (
          <section key={source} aria-label={source} className="flex flex-col gap-3">
            <div>
              <h3 className="font-semibold">{source}</h3>
              <p className="text-sm text-gray-700 dark:text-gray-300">{report.message}</p>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {[
                ['Imported', report.imported],
                ['Skipped', report.skipped.length],
                ['Rejected', report.rejected.length],
              ].map(([label, count]) => (
                <div key={label} className="rounded-md bg-gray-50 p-2 dark:bg-gray-800">
                  <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
                  <dd className="text-xl font-bold">{count}</dd>
                </div>
              ))}
            </dl>
            <Rows title="Skipped" rows={report.skipped.map((s) => ({ row: s.row, text: s.reason }))} />
            <Rows
              title="Rejected"
              rows={report.rejected.map((r) => ({
                row: r.row,
                text: r.field ? `${r.message} (${r.field})` : r.message,
              }))}
            />
          </section>
        ))}
      </CardBody>
    </Card>
  );
}
