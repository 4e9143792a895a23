import { CloudUpload, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button.tsx';
import { DATE_TIME, formatDate } from '../../../lib/format.ts';
// Each kind's sender registers itself with its module: loaded here, the drain on start can send them.
import '../api/place-order.ts';
import '../api/submit-order-edit.ts';
import { ConflictResolver } from './conflict-resolver.tsx';
import { discard, type OutboxEntryView, outboxView, retry, startOutbox } from './outbox.ts';
import { entryLabel } from './outbox-entry.ts';

const stateText: Record<OutboxEntryView['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  failed: 'Failed',
  conflict: 'Conflict',
};

/** `signedIn` false: shown to whoever holds the device, so it can be seen but not changed. */
function PendingChange({ entry, signedIn }: { entry: OutboxEntryView; signedIn: boolean }) {
  const note = !signedIn && entry.state === 'waiting' ? 'Waiting for sign-in' : entry.note;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 dark:border-gray-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{entryLabel(entry)}</p>
          <p className="text-xs text-gray-700 dark:text-gray-300">
            Saved on this device {formatDate(entry.createdAt, DATE_TIME)}
          </p>
        </div>
        <span className="rounded-full border border-gray-300 px-2 py-0.5 text-xs font-semibold dark:border-gray-600">
          {stateText[entry.state]}
        </span>
      </div>
      {note && <p className="text-sm text-gray-800 dark:text-gray-200">{note}</p>}
      {entry.kind === 'edit-order' && entry.removedItems.length > 0 && (
        <p className="text-sm text-gray-800 dark:text-gray-200">
          Changes to {entry.removedItems.map((id) => entry.itemNames[id] ?? 'an item').join(', ')} were not sent: the
          item is no longer on the order.
        </p>
      )}
      {entry.kind === 'place-order' && (
        <p className="text-sm text-gray-800 dark:text-gray-200">Its order number is assigned when it is sent.</p>
      )}
      {signedIn && entry.state === 'conflict' && <ConflictResolver entryId={entry.id} />}
      {signedIn && (
        <div className="flex gap-2">
          {entry.state === 'failed' && (
            <Button size="sm" onClick={() => void retry(entry.id)}>
              Retry
            </Button>
          )}
          {entry.state !== 'sending' && (
            <Button size="sm" variant="outline" onClick={() => void discard(entry.id)}>
              Discard
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The header's 'Pending changes (n)' for an admin: changes saved on this device and not yet accepted
 * by the server, with their state; each can be retried or discarded, conflicts resolved. Rendering
 * it starts the outbox for the signed-in admin (the drain on start). Signed out (`userId` null, a
 * session that ended meanwhile) it lists every change on the device, read only: they wait for sign-in.
 */
export function PendingChanges({ userId }: { userId: string | null }) {
  const view = useSnapshot(outboxView);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (userId) startOutbox();
  }, [userId]);
  // Closed when who is signed in changes (the list is someone else's then).
  const [shownFor, setShownFor] = useState(userId);
  if (shownFor !== userId) {
    setShownFor(userId);
    setOpen(false);
  }
  const entries = view.entries.filter((entry) => userId === null || entry.userId === userId) as OutboxEntryView[];
  if (entries.length === 0) return null;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <CloudUpload aria-hidden="true" className="h-4 w-4" />
          Pending changes ({entries.length})
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
          <Dialog.Title className="text-lg font-semibold">Pending changes</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {userId
              ? 'Saved on this device; each is sent when the app is online and you are signed in.'
              : 'Saved on this device; they are sent once the admin who made them signs in again.'}
          </Dialog.Description>
          <ul className="mt-4 flex flex-col gap-3">
            {entries.map((entry) => (
              <PendingChange key={entry.id} entry={entry} signedIn={userId !== null} />
            ))}
          </ul>
          <Dialog.Close asChild>
            <button
              type="button"
              aria-label="Close"
              className="absolute top-3 right-3 rounded-md p-1 hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
