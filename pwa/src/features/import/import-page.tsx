import { checkCustomersCsv, checkOrdersJson, inputForFile } from '@ot/contracts/imports/import-input.ts';
import { type ImportReport, importReportSchema } from '@ot/contracts/imports/import-report.ts';
import { useMutation } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { BackLink } from '../../components/back-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Field, InputField } from '../../components/ui/field.tsx';
import { Textarea } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { importCustomersMutationKeys } from './api/import-customers.ts';
import { importOrdersMutationKey } from './api/import-orders.ts';
import { FormatInstructions } from './components/format-instructions.tsx';
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
  const pasted = [
    {
      id: 'customers-data',
      label: 'Customers (CSV)',
      rows: 6,
      placeholder: 'First Name,Last Name,Email,Phone\nJane,Golfer,jane@example.com,07700 900123',
      value: customersCsv,
      set: setCustomersCsv,
    },
    {
      id: 'orders-data',
      label: 'Orders (JSON)',
      rows: 8,
      placeholder: '[{"customerEmail": "jane@example.com", ...}]',
      value: ordersJson,
      set: setOrdersJson,
    },
  ];
  const hasData = [driveUrl, customersCsv, ordersJson].some((value) => value.trim() !== '');

  async function loadFile(file: File | undefined) {
    if (!file) return;
    try {
      const text = await file.text();
      if (inputForFile(file.name) === 'customers') setCustomersCsv(text);
      else {
        JSON.parse(text);
        setOrdersJson(text);
      }
      toast({
        title: 'File loaded',
        description: `${file.name} is ready. Review the data below, then select Import Data.`,
      });
    } catch {
      toast({
        title: 'Error reading file',
        description: 'There was an error reading your data file. Please check the format.',
        variant: 'destructive',
      });
    }
  }

  /** Check everything first (nothing is sent if any input is wrong), then import source by source. */
  function plan(): Step[] | string {
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const steps = plan();
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
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-5" aria-busy={busy}>
          <Card>
            <CardHeader title="Google Drive CSV link" description="Customers from a shared Google Sheet or CSV file." />
            <CardBody>
              <InputField
                id="drive-url"
                label="Google Drive share link"
                hint='Shared with "Anyone with the link".'
                type="url"
                placeholder="https://docs.google.com/spreadsheets/d/..."
                value={driveUrl}
                disabled={busy}
                onChange={(event) => setDriveUrl(event.target.value)}
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title="Upload a file"
              description=".csv files fill the customers data, .json files the orders data."
            />
            <CardBody>
              <InputField
                id="import-file"
                label="Upload File"
                hint="A .json or .csv file."
                type="file"
                accept=".json,.csv,application/json,text/csv"
                disabled={busy}
                onChange={(event) => {
                  void loadFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Data to import" description="Review or paste the data here." />
            <CardBody className="flex flex-col gap-4">
              {pasted.map(({ id, label, rows, placeholder, value, set }) => (
                <Field key={id} id={id} label={label}>
                  <Textarea
                    id={id}
                    rows={rows}
                    spellCheck={false}
                    placeholder={placeholder}
                    value={value}
                    disabled={busy}
                    className="font-mono"
                    onChange={(event) => set(event.target.value)}
                  />
                </Field>
              ))}
            </CardBody>
          </Card>
          {progress && (
            <div className="flex flex-col gap-2" aria-live="polite">
              <p className="text-sm font-medium">
                {progress.label}… (step {progress.done + 1} of {progress.total})
              </p>
              <div
                role="progressbar"
                aria-label="Import progress"
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
              >
                <div
                  className="h-full animate-pulse bg-emerald-600 transition-all"
                  style={{ width: `${Math.max(10, ((progress.done + 0.5) / progress.total) * 100)}%` }}
                />
              </div>
            </div>
          )}
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
