import type { CustomerData } from '@ot/contracts/customers/customer-privacy.ts';
import { UserX } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CornerClose } from '../../../components/ui/corner-close.tsx';
import { TextareaField } from '../../../components/ui/field.tsx';

/**
 * The confirmation before an erasure: what goes (everything the summary lists), what stays (each order's
 * number, dates, money, statuses and items, shown as 'Erased customer'), and why, which is recorded.
 */
export function EraseCustomerDialog({
  data,
  pending,
  error,
  onConfirm,
}: {
  data: CustomerData;
  pending: boolean;
  error?: string | undefined;
  onConfirm: (reason: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="destructive">
          <UserX aria-hidden="true" className="h-4 w-4" />
          Erase customer
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
          <Dialog.Title className="text-lg font-semibold">Erase {data.email}?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700 dark:text-gray-300">
            This cannot be undone. Their name, email, phone, addresses and notes are erased from every order and from
            the history, with their {data.emails.length} email(s), {data.specSheets.length} spec sheet(s), their sign-in
            account and sessions. Orders {data.orders.map((order) => order.order_number).join(', ') || '(none)'} keep
            their number, dates, money, statuses and items, and show 'Erased customer'.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
            <TextareaField
              id="erase-reason"
              label="Reason (recorded with the erasure; no personal details)"
              required
              maxLength={500}
              value={reason}
              error={error}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" variant="destructive" disabled={pending || reason.trim() === ''}>
                {pending ? 'Erasing…' : 'Erase permanently'}
              </Button>
            </div>
          </form>
          <Dialog.Close asChild>
            <CornerClose className="top-3 right-3" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
