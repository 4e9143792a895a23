import type { CustomerData, ErasureResult } from '@ot/contracts/customers/customer-privacy.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { downloadJson } from '../../../lib/download.ts';
import { customerDataQuery, customerMutationKeys } from '../api/customer-privacy.ts';
import { EraseCustomerDialog } from './erase-customer-dialog.tsx';

/**
 * /admin/customers: find a customer by email, see everything held about them, download it (the right of
 * access) and, with `canErase` (an admin), erase them after confirming what goes (the right to erasure).
 */
export function CustomersPage({ canErase }: { canErase: boolean }) {
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const data = useQuery({ ...customerDataQuery(email), enabled: email !== '' });
  const erase = useMutation<ErasureResult, Error, { email: string; reason: string }>({
    mutationKey: customerMutationKeys.erase,
  });
  const find = (event: FormEvent) => {
    event.preventDefault();
    erase.reset();
    setEmail(typed.trim());
  };
  const notFound = isApiError(data.error, 404);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Customers</h1>
      <form onSubmit={find} className="flex flex-wrap items-end gap-2">
        <InputField
          id="customer-email"
          label="Customer email"
          type="email"
          required
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="min-w-64 flex-1"
        />
        <Button type="submit">
          <Search aria-hidden="true" className="h-4 w-4" />
          Find
        </Button>
      </form>
      {erase.data && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          Customer erased. Orders {erase.data.orderNumbers.join(', ') || 'none'} now show 'Erased customer'.
        </p>
      )}
      {notFound && !erase.data && <p role="status">No customer with this email.</p>}
      {data.data && !erase.data && (
        <CustomerSummary
          data={data.data}
          actions={
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => downloadJson(data.data, 'customer-data.json')}>
                <Download aria-hidden="true" className="h-4 w-4" />
                Download data
              </Button>
              {canErase && (
                <EraseCustomerDialog
                  data={data.data}
                  pending={erase.isPending}
                  error={erase.error?.message}
                  onConfirm={(reason) => erase.mutate({ email, reason })}
                />
              )}
            </div>
          }
        />
      )}
    </div>
  );
}

/** What is held, and so what an erasure removes. */
export function CustomerSummary({ data, actions }: { data: CustomerData; actions?: ReactNode }) {
  const name = (data.orders[0]?.customer_name ?? data.customer?.customer_name ?? data.account?.customer_name) as
    | string
    | undefined;
  const held = [
    `${data.orders.length} order(s): ${data.orders.map((order) => order.order_number).join(', ') || 'none'}`,
    `${data.emails.length} email(s) sent to them`,
    `${data.specSheets.length} spec sheet(s)`,
    data.account ? `a sign-in account with ${data.sessions.length} session(s)` : 'no sign-in account',
    data.customer ? 'an entry in the customer directory' : 'no entry in the customer directory',
  ];
  return (
    <Card>
      <CardHeader title={name ?? data.email} description={data.email} action={actions} />
      <CardBody>
        <h3 className="font-semibold">Held about this person</h3>
        <ul className="mt-2 list-disc pl-6" aria-label="Held about this person">
          {held.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
