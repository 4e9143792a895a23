import type { EmailCommandResponse } from '@ot/contracts/email/email-views.ts';
import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CornerClose } from '../../../components/ui/corner-close.tsx';
import { Field, invalidProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import '../api/email-mutation-defaults.ts';
import { serverError } from '../../../lib/api-client.ts';
import { emailMutationKeys } from '../api/email-mutations.ts';
import { toastOutcome } from './outcome-toast.ts';

/**
 * The test email's mutation; its error also shows under the field, since the dialog hides the toasts from
 * screen readers. Told on settling even when the admin has left the dashboard by then (outcome-toast.ts).
 */
const useTestEmail = () =>
  useMutation<EmailCommandResponse, Error, string>({
    mutationKey: emailMutationKeys.testEmail,
    onSettled: toastOutcome({
      success: (_answer, address: string) => ({
        title: 'Email Test Successful',
        description: `A test email is on its way to ${address}.`,
      }),
      failure: 'Email Test Failed',
      fallback: (error) => error.message,
    }),
  });

/**
 * The admin dashboard's Test Email button: asks for an address and posts it to POST /api/admin/test-email.
 * The server records the request; the notifier sends it (the email log shows how it went).
 */
export function TestEmailDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const send = useTestEmail();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(email.trim(), {
      onSuccess: () => {
        setOpen(false);
        setEmail('');
      },
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) send.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline">
          <Mail aria-hidden="true" className="h-4 w-4" />
          Test Email
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
          <Dialog.Title className="text-lg font-semibold">Send Test Email</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            Check that notification emails are delivered by sending one to an address you can read.
          </Dialog.Description>
          <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
            <Field
              id="test-email-address"
              label="Email Address"
              error={send.error ? (serverError(send.error) ?? send.error.message) : undefined}
            >
              <Input
                id="test-email-address"
                type="email"
                required
                maxLength={255}
                value={email}
                placeholder="you@example.com"
                onChange={(event) => {
                  setEmail(event.target.value);
                  send.reset();
                }}
                disabled={send.isPending}
                {...invalidProps('test-email-address', send.error ? 'invalid' : undefined)}
              />
            </Field>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={send.isPending || !email.trim()}>
                {send.isPending ? 'Sending...' : 'Send Test Email'}
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
