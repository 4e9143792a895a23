import { inputForFile } from '@ot/contracts/imports/import-input.ts';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field, InputField } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';

type Text = [value: string, set: (value: string) => void];

interface SourcesProps {
  drive: Text;
  customers: Text;
  orders: Text;
  busy: boolean;
}

/** A file chosen fills the customers' text (.csv) or the orders' (.json), for review before the import. */
async function loadFile(
  file: File | undefined,
  setCustomersCsv: (text: string) => void,
  setOrdersJson: (text: string) => void,
) {
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

/** The two texts to review or paste, customers' and orders'. */
function pastedFields([customersCsv, setCustomersCsv]: Text, [ordersJson, setOrdersJson]: Text) {
  return [
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
}

/** Where the data comes from: a Drive link, a file (which fills the text below), or text pasted. */
export function ImportSources({ drive: [driveUrl, setDriveUrl], customers, orders, busy }: SourcesProps) {
  const [, setCustomersCsv] = customers;
  const [, setOrdersJson] = orders;
  const pasted = pastedFields(customers, orders);

  return (
    <>
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
              void loadFile(event.target.files?.[0], setCustomersCsv, setOrdersJson);
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
    </>
  );
}

/** Which step of the import is running, of how many. */
export function ImportProgress({ done, total, label }: { done: number; total: number; label: string }) {
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="text-sm font-medium">
        {label}… (step {done + 1} of {total})
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div
          className="h-full animate-pulse bg-emerald-600 transition-all"
          style={{ width: `${Math.max(10, ((done + 0.5) / total) * 100)}%` }}
        />
      </div>
    </div>
  );
}
