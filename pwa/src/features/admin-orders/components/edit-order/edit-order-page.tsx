import { zodResolver } from '@hookform/resolvers/zod';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { BackLink } from '../../../../components/back-link.tsx';
import { FormCheckbox } from '../../../../components/forms/form-controls.tsx';
import { NotAvailableOffline } from '../../../../components/offline-notice.tsx';
import { PageSpinner } from '../../../../components/page-spinner.tsx';
import { Button, LinkButton } from '../../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../../components/ui/card.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';
import { isUnavailableOffline } from '../../../../lib/use-online.ts';
import { adminOrderQuery } from '../../api/admin-order-queries.ts';
import { type OrderEdit, useSubmitOrderEdit } from '../../api/submit-order-edit.ts';
import { ConflictResolver } from '../../outbox/conflict-resolver.tsx';
import { formOfSnapshot, snapshotOfForm, snapshotOfOrder, withQueuedEdits } from '../../outbox/order-snapshot.ts';
import { type OutboxEntryView, outboxView, SAVED_ON_DEVICE, type SubmitOutcome } from '../../outbox/outbox.ts';
import { DocumentCard } from '../order-form/order-form-sections.tsx';
import { CustomerInformationCard, ItemDetailsCard, OrderStatusCard } from './edit-order-cards.tsx';
import { type EditOrderForm, editOrderDefaults, editOrderFormSchema } from './edit-order-form.ts';

/** The form as the outbox keeps it: the order it was based on, the change, and the chosen file. */
function toOrderEdit(order: OrderView, form: EditOrderForm, documentFile: File | null): OrderEdit {
  return {
    orderNumber: order.orderNumber,
    version: order.version,
    base: snapshotOfOrder(order),
    mine: snapshotOfForm(form),
    notifyCustomer: form.notifyCustomer,
    documentFile,
    itemNames: Object.fromEntries(order.items.map((item) => [item.id, item.name])),
  };
}

type QueuedEdit = Extract<OutboxEntryView, { kind: 'edit-order' }>;

/** This order's changes on the device, oldest first: those still to be sent, or those waiting for a decision. */
const queuedEdits = (entries: readonly OutboxEntryView[], orderNumber: string, conflict: boolean): QueuedEdit[] =>
  entries.filter(
    (entry): entry is QueuedEdit =>
      entry.kind === 'edit-order' && entry.orderNumber === orderNumber && (entry.state === 'conflict') === conflict,
  );

/**
 * What the form starts from: the order, with the changes still waiting on this device laid over it
 * (a change saved offline is seen when the order is opened again, not taken for lost). Saving again
 * queues a change based on this order; sent after the older one, it merges (a 409) without conflict.
 */
function startingValues(order: OrderView): EditOrderForm {
  const defaults = editOrderDefaults(order);
  const queued = queuedEdits(outboxView.entries, order.orderNumber, false);
  if (queued.length === 0) return defaults;
  return formOfSnapshot(withQueuedEdits(snapshotOfForm(defaults), queued), defaults);
}

/**
 * A reset of the form's values from a newer order or from the outbox keeps any field typed into: the
 * `isDirty` an effect sees is its render's, and a keystroke can land between that render and the effect.
 */
const KEEP_TYPED = { keepDirtyValues: true } as const;

export function EditOrderPage() {
  const { orderNumber = '' } = useParams();
  const order = useQuery(adminOrderQuery(orderNumber));

  useEffect(() => {
    if (order.isError && !isApiError(order.error, 404))
      toast({ title: 'Error', description: 'Failed to load order data', variant: 'destructive' });
  }, [order.isError, order.error]);

  if (isUnavailableOffline(order)) return <NotAvailableOffline />;
  if (order.isPending) return <PageSpinner label="Loading order..." />;
  if (order.isError && order.data === undefined) {
    return (
      <Card className="mx-auto max-w-md">
        <CardBody className="flex flex-col items-center gap-3 py-10 text-center">
          <AlertCircle aria-hidden="true" className="h-10 w-10 text-red-600" />
          <h1 className="text-xl font-semibold">Order Not Found</h1>
          <BackLink to="/admin">Back to Dashboard</BackLink>
        </CardBody>
      </Card>
    );
  }
  return <EditOrderFormView key={order.data.orderNumber} order={order.data} />;
}

/** How many changes to this order wait on this device (the form shows them), when any do. */
function QueuedNotice({ waiting }: { waiting: number }) {
  if (waiting === 0) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {waiting === 1
        ? 'A change to this order is saved on this device and not sent yet: the form shows it.'
        : `${waiting} changes to this order are saved on this device and not sent yet: the form shows them.`}
    </p>
  );
}

/** The admin's decision on a change someone else's overtook, asked at the top of a long form: brought into view when it comes. */
function ConflictCard({ entryId, onDone }: { entryId: string; onDone: (outcome: SubmitOutcome) => void }) {
  const card = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer conflict is brought into view again
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start' });
  }, [entryId]);
  return (
    <div ref={card} className="scroll-mt-4">
      <Card className="border-amber-400 dark:border-amber-700">
        <CardBody className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">Changed by someone else</h2>
          <ConflictResolver entryId={entryId} onDone={onDone} />
        </CardBody>
      </Card>
    </div>
  );
}

/** Whether the customer is told, and the buttons that leave the form. */
function SaveActions({ form, saving }: { form: UseFormReturn<EditOrderForm>; saving: boolean }) {
  return (
    <>
      <Card>
        <CardBody>
          <FormCheckbox
            control={form.control}
            name="notifyCustomer"
            id="edit-notify"
            label="Notify Customer"
            description="Send email notification to customer about this update"
            disabled={saving}
          />
        </CardBody>
      </Card>
      <div className="flex justify-end gap-2">
        <LinkButton to="/admin" variant="outline" disabled={saving}>
          Cancel
        </LinkButton>
        <Button type="submit" disabled={saving}>
          {saving ? 'Updating Order...' : 'Update Order'}
        </Button>
      </div>
    </>
  );
}

function EditOrderFormView({ order: latest }: { order: OrderView }) {
  const navigate = useNavigate();
  // The order the form's values are based on (its version is the If-Match, and the merge's base). It
  // follows a newer version from the server only while nothing was typed: an edit in progress, made
  // offline perhaps, is never replaced by a refetch (a 409 on save merges it instead).
  const [order, setOrder] = useState(latest);
  const form = useForm<EditOrderForm>({
    resolver: zodResolver(editOrderFormSchema),
    defaultValues: startingValues(order),
  });
  const [file, setFile] = useState<File | null>(null);
  const { isDirty } = form.formState;
  useEffect(() => {
    if (latest.version === order.version || isDirty || file) return;
    setOrder(latest);
    form.reset(startingValues(latest), KEEP_TYPED);
  }, [latest, order.version, isDirty, file, form]);
  const outbox = useSnapshot(outboxView);
  // The outbox is read from the device alongside the order: if it arrives after the form, its queued
  // values come in then (unless something was typed meanwhile). The form never waits for it.
  const [outboxSeen, setOutboxSeen] = useState(outbox.loaded);
  useEffect(() => {
    if (!outbox.loaded || outboxSeen) return;
    setOutboxSeen(true);
    if (!isDirty && !file) form.reset(startingValues(order), KEEP_TYPED);
  }, [outbox.loaded, outboxSeen, isDirty, file, form, order]);
  const waiting = queuedEdits(outbox.entries as OutboxEntryView[], order.orderNumber, false).length;
  // The newest change of this order waiting for the admin's decision (this save's, or an older one's).
  const conflictId = queuedEdits(outbox.entries as OutboxEntryView[], order.orderNumber, true).at(-1)?.id ?? null;
  const save = useSubmitOrderEdit();
  const saving = save.isPending;

  const done = (outcome: SubmitOutcome) => {
    if (outcome.kind === 'conflict') return;
    if (outcome.kind === 'queued') toast(SAVED_ON_DEVICE);
    else toast({ title: 'Order Updated', description: `Order ${order.orderNumber} has been updated successfully.` });
    navigate('/admin');
  };

  const onSubmit = form.handleSubmit((values) =>
    save
      .mutateAsync(toOrderEdit(order, values, file))
      .then(done, () =>
        toast({ title: 'Error', description: 'Failed to update order. Please try again.', variant: 'destructive' }),
      ),
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <BackLink to="/admin">Back to Dashboard</BackLink>
      <div>
        <h1 className="text-2xl font-bold">Edit Order {order.orderNumber}</h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Update order details, status, and individual item information
        </p>
      </div>
      <QueuedNotice waiting={waiting} />
      {conflictId && <ConflictCard entryId={conflictId} onDone={done} />}
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={saving} className="flex min-w-0 flex-col gap-5">
            <CustomerInformationCard disabled={saving} order={order} />
            <OrderStatusCard form={form} disabled={saving} />
            <DocumentCard mode="edit" disabled={saving} file={file} onFileChange={setFile} />
            <ItemDetailsCard disabled={saving} order={order} />
            <SaveActions form={form} saving={saving} />
          </fieldset>
        </form>
      </FormProvider>
    </div>
  );
}
