import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CornerClose } from '../../../components/ui/corner-close.tsx';
import { serverError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { type DelayNoticeTarget, delayNoticeMutationKey, delayNoticePreviewQuery } from '../api/delay-notice.ts';

/**
 * "Tell customer": the "taking longer than usual" email previewed, then sent in one click. `onSent`
 * lets the app refresh what else shows emails (the Email Event Logs).
 */
export function DelayNoticeDialog({ item, onSent }: { item: AttentionItem; onSent?: () => void }) {
  const [open, setOpen] = useState(false);
  const preview = useQuery({ ...delayNoticePreviewQuery(item.orderNumber, item.itemId), enabled: open });
  const send = useMutation<unknown, Error, DelayNoticeTarget>({
    mutationKey: delayNoticeMutationKey,
    onSettled: (_answer, error) => {
      if (error) {
        toast({
          title: 'Delay Notice Failed',
          description: serverError(error) ?? error.message,
          variant: 'destructive',
        });
        return;
      }
      toast({ title: 'Delay Notice Sent', description: `The customer of order ${item.orderNumber} is being told.` });
      onSent?.();
    },
  });
  const off = preview.data?.mode === 'off';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Tell customer: order ${item.orderNumber}, ${item.itemName}`}>
          <Send aria-hidden="true" className="h-4 w-4" />
          Tell customer
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
          <Dialog.Title className="text-lg font-semibold">Taking longer than usual</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            The email the customer will get about {item.itemName} of order {item.orderNumber}.
          </Dialog.Description>
          <div className="mt-4 flex flex-col gap-2 text-sm">
            {preview.isPending && <p aria-busy="true">Loading the email...</p>}
            {preview.isError && <p role="alert">{serverError(preview.error) ?? 'The email could not be prepared.'}</p>}
            {preview.data && (
              <>
                <p>
                  <span className="font-semibold">To:</span> {preview.data.recipientEmail}
                </p>
                <p>
                  <span className="font-semibold">Subject:</span> {preview.data.subject}
                </p>
                <pre className="rounded-md bg-gray-50 p-3 font-sans whitespace-pre-wrap dark:bg-gray-950">
                  {preview.data.text}
                </pre>
                {off && <p role="alert">Delay notices are turned off (DELAY_NOTICES=off).</p>}
              </>
            )}
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            <Button
              disabled={!preview.data || off || send.isPending}
              onClick={() =>
                send.mutate({ orderNumber: item.orderNumber, itemId: item.itemId }, { onSuccess: () => setOpen(false) })
              }
            >
              {send.isPending ? 'Sending...' : 'Send email'}
            </Button>
          </div>
          <Dialog.Close asChild>
            <CornerClose className="top-3 right-3" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
