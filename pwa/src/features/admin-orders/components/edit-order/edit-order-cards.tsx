import { orderStatuses, statusLabel } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import type { UseFormReturn } from 'react-hook-form';
import { FormSelectField } from '../../../../components/forms/form-controls.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import {
  AddressSection,
  CustomerContactFields,
  DeliveryFields,
  ItemStatusFields,
  NotesFields,
} from '../order-form/order-form-sections.tsx';
import type { EditOrderForm } from './edit-order-form.ts';

interface CardProps {
  form: UseFormReturn<EditOrderForm>;
  disabled: boolean;
}

export function CustomerInformationCard({ disabled, order }: { disabled: boolean; order: OrderView }) {
  return (
    <Card>
      <CardHeader title="Customer Information" />
      <CardBody className="flex flex-col gap-6">
        <CustomerContactFields mode="edit" disabled={disabled} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id="edit-order-date" label="Order Date">
            <Input id="edit-order-date" readOnly value={formatDate(order.orderDate)} />
          </Field>
        </CustomerContactFields>
        {(['shipping', 'billing'] as const).map((prefix) => (
          <section key={prefix} aria-labelledby={`edit-${prefix}-heading`} className="flex flex-col gap-3">
            <h3 id={`edit-${prefix}-heading`} className="font-semibold">
              {prefix === 'shipping' ? 'Shipping Address' : 'Billing Address'}
            </h3>
            <AddressSection mode="edit" which={prefix} disabled={disabled} />
          </section>
        ))}
      </CardBody>
    </Card>
  );
}

const orderStatusOptions = orderStatuses.map((value) => ({ value, label: statusLabel(value) }));

export function OrderStatusCard({ form, disabled }: CardProps) {
  return (
    <Card>
      <CardHeader title="Order Status & Details" />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormSelectField
          control={form.control}
          name="status"
          id="edit-status"
          label="Order Status"
          options={orderStatusOptions}
          disabled={disabled}
        />
        <DeliveryFields mode="edit" disabled={disabled} />
        <div className="hidden sm:block" />
        <NotesFields mode="edit" disabled={disabled} />
      </CardBody>
    </Card>
  );
}

export function ItemDetailsCard({ disabled, order }: { disabled: boolean; order: OrderView }) {
  if (order.items.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Individual Item Details" />
      <CardBody className="flex flex-col gap-4">
        {order.items.map((item, index) => (
          <fieldset key={item.id} className="rounded-md border border-gray-200 p-4 dark:border-gray-700">
            <legend className="px-1 font-semibold">
              <span>{item.name}</span> — <span>{formatMoney(item.price)}</span>
            </legend>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <ItemStatusFields mode="edit" index={index} disabled={disabled} />
            </div>
          </fieldset>
        ))}
      </CardBody>
    </Card>
  );
}
