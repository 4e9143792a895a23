import type { Customer } from '@ot/contracts/orders/order-views.ts';
import { useQuery } from '@tanstack/react-query';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormCheckbox } from '../../../../components/forms/form-controls.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Field, InputField, poundsInput } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useOnline } from '../../../../lib/use-online.ts';
import { nextOrderNumberQuery } from '../../api/admin-order-queries.ts';
import {
  AddressSection,
  CustomerContactFields,
  DeliveryFields,
  NotesFields,
} from '../order-form/order-form-sections.tsx';
import { CustomerSearch } from './customer-search.tsx';
import { computeRemaining, computeTotal, DEFAULT_COUNTRY, type PlaceOrderForm } from './place-order-form.ts';

interface SectionProps {
  form: UseFormReturn<PlaceOrderForm>;
  disabled: boolean;
}

export function OrderInformationSection({ form, disabled }: SectionProps) {
  const next = useQuery(nextOrderNumberQuery());
  const online = useOnline();
  // Offline a number kept from earlier may be taken by now: the server assigns it when the order is sent.
  const number = online ? next.data?.nextOrderNumber : undefined;
  const loading = online && next.isPending;
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader title="Order Information" />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field
          id="order-number"
          label="Order Number"
          hint={number || loading ? 'Assigned when the order is saved.' : 'The order gets its number when it is sent.'}
        >
          <Input id="order-number" readOnly value={number ?? (loading ? 'Loading...' : 'Assigned when sent')} />
        </Field>
        <InputField
          id="order-date"
          label="Order Date"
          error={errors.orderDate?.message}
          type="date"
          disabled={disabled}
          {...form.register('orderDate')}
        />
        <Field id="squarespace-order-id" label="Squarespace Order ID (Optional)">
          <Input id="squarespace-order-id" disabled={disabled} {...form.register('squarespaceOrderId')} />
        </Field>
      </CardBody>
    </Card>
  );
}

export function CustomerInformationSection({ form, disabled }: SectionProps) {
  const pick = (customer: Customer) => {
    const fill = (prefix: 'shipping' | 'billing') => ({
      name: customer[`${prefix}Name`] ?? '',
      address1: customer[`${prefix}Address1`] ?? '',
      address2: customer[`${prefix}Address2`] ?? '',
      city: customer[`${prefix}City`] ?? '',
      state: customer[`${prefix}State`] ?? '',
      zipCode: customer[`${prefix}ZipCode`] ?? '',
      country: customer[`${prefix}Country`] || DEFAULT_COUNTRY,
    });
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('customerName', customer.customerName, options);
    form.setValue('customerEmail', customer.customerEmail, options);
    form.setValue('customerPhone', customer.customerPhone ?? '', options);
    // The billing 'same' checkbox is unchecked only when the customer has a billing name.
    form.setValue('shippingAddress', fill('shipping'), options);
    form.setValue('billingAddress', fill('billing'), options);
    form.setValue('sameBillingAddress', !customer.billingName, options);
  };
  return (
    <Card>
      <CardHeader title="Customer Information" />
      <CardBody className="flex flex-col gap-4">
        <CustomerSearch onPick={pick} disabled={disabled} />
        <CustomerContactFields mode="place" disabled={disabled} className="grid grid-cols-1 gap-4 sm:grid-cols-3" />
      </CardBody>
    </Card>
  );
}

export function AddressSections({ form, disabled }: SectionProps) {
  const same = useWatch({ control: form.control, name: 'sameBillingAddress' });
  return (
    <>
      <Card>
        <CardHeader title="Shipping Address" />
        <CardBody>
          <AddressSection mode="place" which="shipping" disabled={disabled} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Billing Address" />
        <CardBody className="flex flex-col gap-4">
          <FormCheckbox
            control={form.control}
            name="sameBillingAddress"
            id="same-billing"
            label="Same as shipping address"
            disabled={disabled}
          />
          {!same && <AddressSection mode="place" which="billing" disabled={disabled} />}
        </CardBody>
      </Card>
    </>
  );
}

export function OrderDetailsSection({ form, disabled }: SectionProps) {
  const errors = form.formState.errors as typeof form.formState.errors & {
    total?: { message?: string };
    amountRemaining?: { message?: string };
  };
  const [subtotal, shipping, amountPaid] = useWatch({
    control: form.control,
    name: ['subtotal', 'shipping', 'amountPaid'],
  });
  const total = computeTotal(subtotal, shipping);
  const remaining = computeRemaining(total, amountPaid);
  // The two computed fields are not inputs, so nothing re-validates them: their message goes once they have a value.
  const totalError = total === '' ? errors.total?.message : undefined;
  const remainingError = remaining === '' ? errors.amountRemaining?.message : undefined;
  const money = (name: 'subtotal' | 'shipping' | 'amountPaid', id: string, label: string) => (
    <InputField
      id={id}
      label={label}
      error={errors[name]?.message}
      {...poundsInput}
      disabled={disabled}
      {...form.register(name)}
    />
  );
  return (
    <Card>
      <CardHeader title="Order Details" />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {money('subtotal', 'subtotal', 'Subtotal (£)')}
        {money('shipping', 'shipping-cost', 'Shipping (£)')}
        <Field id="tax" label="Tax (£)">
          <Input id="tax" readOnly value="0.00" />
        </Field>
        <InputField id="total" label="Total (£)" error={totalError} readOnly value={total} />
        {money('amountPaid', 'amount-paid', 'Amount Paid (£)')}
        <InputField
          id="amount-remaining"
          label="Amount Remaining (£)"
          error={remainingError}
          readOnly
          value={remaining}
        />
        <DeliveryFields mode="place" disabled={disabled} />
        <NotesFields mode="place" disabled={disabled} />
      </CardBody>
    </Card>
  );
}
