import { checkCustomersCsv, checkOrdersJson } from '@ot/contracts/imports/import-input.ts';
import { type ImportReport, importReportSchema } from '@ot/contracts/imports/import-report.ts';
import { useMutation } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { BackLink } from '../../components/back-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { importCustomersMutationKeys } from './api/import-customers.ts';
import { importOrdersMutationKey } from './api/import-orders.ts';
import { FormatInstructions } from './components/format-instructions.tsx';
import { ImportProgress, ImportSources } from './components/import-sources.tsx';
import { type ImportResult, ImportSummary } from './components/import-summary.tsx';

interface Step {
  label: string;
  source: string;
  kind: 'customers' | 'orders';
  run: () => Promise<ImportReport>;
}

/** The server's message, else 'Failed to import data'; anything stranger is unknown. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Failed to import data';
  if (error instanceof Error) return error.message || 'Failed to import data';
  return 'An unknown error occurred';
}

/** When every row was wrong the server answers 400 with the report: still worth showing. */
function reportIn(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed = importReportSchema.omit({ message: true }).safeParse(JSON.parse(error.bodyText));
    return parsed.success ? { ...parsed.data, message: error.serverMessage ?? '' } : null;
  } catch {
    return null;
  }
}

/** What sends one source: its mutation. */
interface Sender<Input> {
  mutateAsync: (input: Input) => Promise<ImportReport>;
}

/** Check everything first (nothing is sent if any input is wrong), then import source by source. */
function planImport(
  { driveUrl, customersCsv, ordersJson }: { driveUrl: string; customersCsv: string; ordersJson: string },
  { drive, customers, orders }: { drive: Sender<string>; customers: Sender<string>; orders: Sender<unknown[]> },
): Step[] | string {
  const steps: Step[] = [];
  const step = (label: string, source: string, kind: Step['kind'], run: Step['run']) =>
    steps.push({ label, source, kind, run });
  const url = driveUrl.trim();
  if (url) {
    step('Importing customers from Google Drive', 'Customers from Google Drive', 'customers', () =>
      drive.mutateAsync(url),
    );
  }
  if (customersCsv.trim()) {
    const checked = checkCustomersCsv(customersCsv);
    if (!checked.ok) return checked.message;
    step('Importing customers', 'Customers', 'customers', () => customers.mutateAsync(checked.value));
  }
  if (ordersJson.trim()) {
    const checked = checkOrdersJson(ordersJson);
    if (!checked.ok) return checked.message;
    step('Importing orders', 'Orders', 'orders', () => orders.mutateAsync(checked.value));
  }
  return steps.length > 0 ? steps : 'No valid data to import';
}

/** What the page is for, and the customers known so far to download. */
function ImportIntro() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Import Data</h1>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Bring customers and orders in from a Google Drive CSV link, a file, or pasted JSON.
      </p>
      <a
        href="/api/admin/customers/export"
        download
        className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 underline underline-offset-4 dark:text-emerald-300"
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        Download customers (CSV)
      </a>
    </div>
  );
}

export function ImportPage() {
  const [driveUrl, setDriveUrl] = useState('');
  const [customersCsv, setCustomersCsv] = useState('');
  const [ordersJson, setOrdersJson] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number; label: string } | null>(null);
  const [results, setResults] = useState<ImportResult[]>([]);
  const drive = useMutation<ImportReport, Error, string>({ mutationKey: importCustomersMutationKeys.drive });
  const customers = useMutation<ImportReport, Error, string>({ mutationKey: importCustomersMutationKeys.csv });
  const orders = useMutation<ImportReport, Error, unknown[]>({ mutationKey: importOrdersMutationKey });

  const busy = progress !== null;
  const hasData = [driveUrl, customersCsv, ordersJson].some((value) => value.trim() !== '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const steps = planImport({ driveUrl, customersCsv, ordersJson }, { drive, customers, orders });
    if (typeof steps === 'string') {
      toast({ title: 'Import Error', description: steps, variant: 'destructive' });
      return;
    }
    const done: ImportResult[] = [];
    setResults([]);
    try {
      for (const [index, step] of steps.entries()) {
        setProgress({ done: index, total: steps.length, label: step.label });
        try {
          done.push({ source: step.source, report: await step.run() });
        } catch (error) {
          const report = reportIn(error);
          if (report) done.push({ source: step.source, report });
          toast({ title: 'Import failed', description: failureMessage(error), variant: 'destructive' });
          return;
        }
      }
      const kinds = [...new Set(steps.map((step) => step.kind))].join(' and ');
      toast({ title: 'Import successful', description: `Your ${kinds} data has been imported successfully.` });
    } finally {
      setResults(done);
      setProgress(null);
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <BackLink to="/admin/dashboard">Back to Dashboard</BackLink>
      <ImportIntro />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-5" aria-busy={busy}>
          <ImportSources
            drive={[driveUrl, setDriveUrl]}
            customers={[customersCsv, setCustomersCsv]}
            orders={[ordersJson, setOrdersJson]}
            busy={busy}
          />
          {progress && <ImportProgress {...progress} />}
          <div className="flex justify-end">
            <Button type="submit" disabled={!hasData || busy}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {busy ? 'Importing...' : 'Import Data'}
            </Button>
          </div>
          <ImportSummary results={results} />
        </form>
        <aside className="min-w-0">
          <FormatInstructions />
        </aside>
      </div>
    </div>
  );
}
