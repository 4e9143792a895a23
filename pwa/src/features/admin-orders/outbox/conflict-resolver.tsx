import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { addressLabels } from '../../../components/forms/address-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isNetworkError } from '../../../lib/api-client.ts';
import { outboxView, resolve, type SubmitOutcome } from './outbox.ts';
import type { Choice, FieldConflict } from './three-way-merge.ts';

const fieldLabels: Record<string, string> = {
  customerName: 'Customer Name',
  customerEmail: 'Customer Email',
  customerPhone: 'Phone',
  status: 'Order Status',
  trackingNumber: 'Tracking Number',
  estimatedDelivery: 'Estimated Delivery Date',
  customerNotes: 'Customer Notes',
  fitterNotes: 'Fitter Notes',
  documentUrl: 'Document URL',
};
const itemFieldLabels: Record<string, string> = {
  status: 'Status',
  manufacturer: 'Manufacturer',
  estimatedDelivery: 'ETA',
};

function conflictLabel(path: string, itemNames: Record<string, string>): string {
  const item = /^items\.([^.]+)\.(.+)$/.exec(path);
  if (item) return `${itemNames[item[1] ?? ''] ?? 'Item'}: ${itemFieldLabels[item[2] ?? ''] ?? item[2]}`;
  const address = /^(shipping|billing)Address\.(.+)$/.exec(path);
  if (address) {
    const key = (address[2] ?? '') as keyof typeof addressLabels;
    return `${address[1] === 'shipping' ? 'Shipping' : 'Billing'} Address: ${addressLabels[key] ?? key}`;
  }
  return fieldLabels[path] ?? path;
}

const shown = (path: string, value: string) =>
  value === '' ? '(empty)' : path.endsWith('status') || path === 'status' ? statusLabel(value) : value;

function ConflictField({
  conflict,
  label,
  choice,
  onChoose,
}: {
  conflict: FieldConflict;
  label: string;
  choice: Choice | undefined;
  onChoose: (choice: Choice) => void;
}) {
  const name = `conflict-${conflict.path}`;
  return (
    <fieldset className="rounded-md border border-gray-200 p-3 dark:border-gray-700">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {(['yours', 'current'] as const).map((side) => (
          <label
            key={side}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-200 p-2 text-sm has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 dark:border-gray-700 dark:has-[:checked]:bg-emerald-950"
          >
            <input
              type="radio"
              name={name}
              checked={choice === side}
              onChange={() => onChoose(side)}
              className="mt-1"
            />
            <span className="min-w-0">
              <span className="block font-medium">{side === 'yours' ? 'Yours' : 'Current'}</span>
              <span className="block wrap-anywhere">
                {shown(conflict.path, side === 'yours' ? conflict.yours : conflict.current)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Fields both the queued change and someone else changed, side by side ('Yours' / 'Current'): the
 * admin picks per field, then the change is sent on the order as it is now. Nothing is dropped unasked.
 */
export function ConflictResolver({ entryId, onDone }: { entryId: string; onDone?: (outcome: SubmitOutcome) => void }) {
  const view = useSnapshot(outboxView);
  const found = view.entries.find((candidate) => candidate.id === entryId);
  const entry = found?.kind === 'edit-order' ? found : undefined;
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!entry?.conflict) return null;
  const conflicts = entry.conflict.fields;
  const complete = conflicts.every((conflict) => choices[conflict.path]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      // Sent first, then told: `onDone?.(await ...)` would skip the send when there is no onDone.
      const outcome = await resolve(entryId, choices);
      onDone?.(outcome);
    } catch (caught) {
      setError(isNetworkError(caught) ? null : caught instanceof Error ? caught.message : 'Failed to update order');
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={`Resolve changes to order ${entry.orderNumber}`}
      className="flex flex-col gap-3"
    >
      <p className="text-sm">
        Order {entry.orderNumber} was changed by someone else while this change waited. Fields only one side changed are
        merged. Choose which value to keep for each field below.
      </p>
      {conflicts.map((conflict) => (
        <ConflictField
          key={conflict.path}
          conflict={conflict}
          label={conflictLabel(conflict.path, entry.itemNames)}
          choice={choices[conflict.path]}
          onChoose={(choice) => setChoices((previous) => ({ ...previous, [conflict.path]: choice }))}
        />
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={!complete || sending}>
          {sending ? 'Sending...' : 'Keep My Choices'}
        </Button>
      </div>
    </form>
  );
}
