import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { BackLink } from '../../../../components/back-link.tsx';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';
import { useOnline } from '../../../../lib/use-online.ts';
import { nextOrderNumberQuery } from '../../api/admin-order-queries.ts';
import { usePlaceOrder } from '../../api/place-order.ts';
import { ORDER_SAVED_ON_DEVICE } from '../../outbox/outbox.ts';
import { DocumentCard } from '../order-form/order-form-sections.tsx';
import {
  type PlaceOrderForm,
  placeOrderDefaults,
  placeOrderFormSchema,
  toPlaceOrderPayload,
} from './place-order-form.ts';
import { OrderItemsSection } from './place-order-items.tsx';
import {
  AddressSections,
  CustomerInformationSection,
  OrderDetailsSection,
  OrderInformationSection,
} from './place-order-sections.tsx';

/** /admin/add-order: places a new order. */
export function PlaceOrderPage() {
  const form = useForm<PlaceOrderForm>({
    resolver: zodResolver(placeOrderFormSchema),
    defaultValues: placeOrderDefaults(),
  });
  const add = usePlaceOrder();
  const next = useQuery(nextOrderNumberQuery());
  const online = useOnline();
  const [documentFile, setDocumentFile] = useState<File | null>(null);
  const disabled = add.isPending;

  const onSubmit = form.handleSubmit((values) =>
    add.mutateAsync({ payload: toPlaceOrderPayload(values), documentFile }).then(
      (outcome) => {
        if (outcome.kind === 'sent' && outcome.order) {
          const { orderNumber } = outcome.order;
          toast({ title: 'Order Added', description: `Order ${orderNumber} has been added successfully.` });
        } else toast(ORDER_SAVED_ON_DEVICE);
        form.reset(placeOrderDefaults());
        setDocumentFile(null);
        window.scrollTo({ top: 0 });
      },
      (error: unknown) => {
        const message =
          (isApiError(error) && error.serverMessage) ||
          (error instanceof Error && error.message === 'Failed to upload document'
            ? error.message
            : 'Failed to add order');
        toast({ title: 'Error', description: message, variant: 'destructive' });
      },
    ),
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <BackLink to="/admin/dashboard">Back to Dashboard</BackLink>
      <div>
        <h1 className="text-2xl font-bold">Add New Order</h1>
        {/* The next number as text too (the field below holds it as a value, which text searches skip). */}
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {next.data && online && (
            <>
              New order <span className="font-semibold">{next.data.nextOrderNumber}</span>.{' '}
            </>
          )}
          Enter the order, its customer and every club ordered.
        </p>
      </div>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <OrderInformationSection form={form} disabled={disabled} />
          <CustomerInformationSection form={form} disabled={disabled} />
          <AddressSections form={form} disabled={disabled} />
          <OrderDetailsSection form={form} disabled={disabled} />
          <OrderItemsSection form={form} disabled={disabled} />
          <DocumentCard mode="place" disabled={disabled} file={documentFile} onFileChange={setDocumentFile} />
          <div className="flex justify-end gap-2">
            <Link to="/admin/dashboard" className={buttonClass({ variant: 'outline' })}>
              Cancel
            </Link>
            <Button type="submit" disabled={disabled}>
              {disabled ? 'Adding Order...' : 'Add Order'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
