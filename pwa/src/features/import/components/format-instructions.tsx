import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';

const ORDER_EXAMPLE = `[
  {
    "orderNumber": "EP-0042",
    "customerEmail": "jane@example.com",
    "customerName": "Jane Golfer",
    "orderDate": "2024-03-05",
    "subtotal": 89900,
    "shipping": 1500,
    "total": 91400,
    "amountPaid": 20000,
    "amountRemaining": 71400,
    "items": [
      { "name": "Driver", "price": 49900, "quantity": 1,
        "manufacturer": "Titleist" }
    ]
  }
]`;

const code = 'rounded bg-gray-100 px-1 font-mono text-xs dark:bg-gray-800';

/** The format-instructions panel of the import screen. */
export function FormatInstructions() {
  return (
    <Card>
      <CardHeader title="Format instructions" />
      <CardBody className="flex flex-col gap-4 text-sm text-gray-800 dark:text-gray-200">
        <section className="flex flex-col gap-1">
          <h3 className="font-semibold">Customers (CSV)</h3>
          <p>
            A header row and at least one data row. Columns are found by their headings: one containing{' '}
            <span className={code}>first</span> and <span className={code}>name</span>, one containing{' '}
            <span className={code}>last</span> and <span className={code}>name</span>, one containing{' '}
            <span className={code}>email</span>, and optionally one containing <span className={code}>phone</span>.
          </p>
          <p>
            Rows without a first name, last name and email are skipped. Comma- or semicolon-separated files exported
            from Excel, Numbers or Google Sheets all work; a customer already known is not added twice.
          </p>
        </section>
        <section className="flex flex-col gap-1">
          <h3 className="font-semibold">Orders (JSON)</h3>
          <p>
            An array of orders in the add-order format. Amounts are in pence. An order with an{' '}
            <span className={code}>orderNumber</span> keeps it and is skipped if it already exists; without one it gets
            the next number.
          </p>
          <pre className="rounded-md bg-gray-100 p-3 font-mono text-xs break-words whitespace-pre-wrap dark:bg-gray-800">
            {ORDER_EXAMPLE}
          </pre>
        </section>
        <section className="flex flex-col gap-1">
          <h3 className="font-semibold">Google Drive</h3>
          <p>
            Paste the share link of a Google Sheet or a CSV file in Drive, shared with "Anyone with the link". The sheet
            is imported as customers.
          </p>
        </section>
      </CardBody>
    </Card>
  );
}
