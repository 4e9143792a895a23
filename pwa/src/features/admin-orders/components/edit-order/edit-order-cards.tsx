import { itemStatuses, manufacturers, orderStatuses, statusLabel } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { AddressFields, type AddressKey } from '../../../../components/forms/address-fields.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Field, invalidProps } from '../../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../../components/ui/input.tsx';
import { SelectField } from '../../../../components/ui/select.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import type { EditOrderForm } from './edit-order-form.ts';

interface CardProps {
  form: UseFormReturn<EditOrderForm>;
  disabled: boolean;
}

const flatName = (prefix: 'shipping' | 'billing', key: AddressKey) =>
  `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}` as `${typeof prefix}Name`;

export function CustomerInformationCard({ form, disabled, order }: CardProps & { order: OrderView }) {
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader title="Customer Information" />
      <CardBody className="flex flex-col gap-6">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id="edit-customer-name" label="Customer Name" error={errors.customerName?.message}>
            <Input
              id="edit-customer-name"
              disabled={disabled}
              {...invalidProps('edit-customer-name', errors.customerName?.message)}
              {...form.register('customerName')}
            />
          </Field>
          <Field id="edit-customer-email" label="Customer Email" error={errors.customerEmail?.message}>
            <Input
              id="edit-customer-email"
              type="email"
              disabled={disabled}
              {...invalidProps('edit-customer-email', errors.customerEmail?.message)}
              {...form.register('customerEmail')}
            />
          </Field>
          <Field id="edit-customer-phone" label="Phone">
            <Input
              id="edit-customer-phone"
              type="tel"
              placeholder="Enter phone number"
              disabled={disabled}
              {...form.register('customerPhone')}
            />
          </Field>
          <Field id="edit-order-date" label="Order Date">
            <Input id="edit-order-date" readOnly value={formatDate(order.orderDate)} />
          </Field>
        </div>
        {(['shipping', 'billing'] as const).map((prefix) => (
          <section key={prefix} aria-labelledby={`edit-${prefix}-heading`} className="flex flex-col gap-3">
            <h3 id={`edit-${prefix}-heading`} className="font-semibold">
              {prefix === 'shipping' ? 'Shipping Address' : 'Billing Address'}
            </h3>
            <AddressFields
              idPrefix={`edit-${prefix}`}
              section={prefix}
              register={(key) => form.register(flatName(prefix, key))}
              disabled={disabled}
              stateOptional
            />
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
        <Field id="edit-status" label="Order Status">
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <SelectField
                id="edit-status"
                value={field.value}
                onValueChange={field.onChange}
                options={orderStatusOptions}
                disabled={disabled}
              />
            )}
          />
        </Field>
        <Field id="edit-tracking" label="Tracking Number (Parcelforce)">
          <Input id="edit-tracking" disabled={disabled} {...form.register('trackingNumber')} />
        </Field>
        <Field id="edit-eta" label="Estimated Delivery Date">
          <Input id="edit-eta" type="date" disabled={disabled} {...form.register('estimatedDelivery')} />
        </Field>
        <div className="hidden sm:block" />
        <Field id="edit-customer-notes" label="Customer Notes" hint="Visible to the customer.">
          <Textarea id="edit-customer-notes" disabled={disabled} {...form.register('customerNotes')} />
        </Field>
        <Field id="edit-fitter-notes" label="Fitter Notes" hint="Admin only, internal.">
          <Textarea id="edit-fitter-notes" disabled={disabled} {...form.register('fitterNotes')} />
        </Field>
      </CardBody>
    </Card>
  );
}

export function SpecSheetCard({
  form,
  disabled,
  file,
  onFileChange,
}: CardProps & { file: File | null; onFileChange: (file: File | null) => void }) {
  return (
    <Card>
      <CardHeader title="Customer Spec Sheet & Fitting Data" />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="edit-spec-file" label="Upload PDF" hint={file ? `Selected: ${file.name}` : 'PDF files only.'}>
          <Input
            id="edit-spec-file"
            type="file"
            accept=".pdf,application/pdf"
            disabled={disabled}
            className="py-1.5"
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          />
        </Field>
        <Field id="edit-document-url" label="Or paste a document URL">
          <Input
            id="edit-document-url"
            type="url"
            placeholder="https://..."
            disabled={disabled}
            {...form.register('documentUrl')}
          />
        </Field>
      </CardBody>
    </Card>
  );
}

const itemStatusOptions = itemStatuses.map((value) => ({ value, label: statusLabel(value) }));
const manufacturerOptions = manufacturers.map((value) => ({ value, label: value }));

export function ItemDetailsCard({ form, disabled, order }: CardProps & { order: OrderView }) {
  if (order.items.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Individual Item Details" />
      <CardBody className="flex flex-col gap-4">
        {order.items.map((item, index) => {
          const id = (key: string) => `edit-item-${index}-${key}`;
          return (
            <fieldset key={item.id} className="rounded-md border border-gray-200 p-4 dark:border-gray-700">
              <legend className="px-1 font-semibold">
                <span>{item.name}</span> — <span>{formatMoney(item.price)}</span>
              </legend>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                <Field id={id('status')} label="Status">
                  <Controller
                    control={form.control}
                    name={`items.${index}.status`}
                    render={({ field }) => (
                      <SelectField
                        id={id('status')}
                        value={field.value}
                        onValueChange={field.onChange}
                        options={itemStatusOptions}
                        disabled={disabled}
                      />
                    )}
                  />
                </Field>
                <Field id={id('manufacturer')} label="Manufacturer">
                  <Controller
                    control={form.control}
                    name={`items.${index}.manufacturer`}
                    render={({ field }) => (
                      <SelectField
                        id={id('manufacturer')}
                        value={field.value}
                        onValueChange={field.onChange}
                        options={manufacturerOptions}
                        placeholder="Select manufacturer"
                        disabled={disabled}
                      />
                    )}
                  />
                </Field>
                <Field id={id('eta')} label="ETA">
                  <Input
                    id={id('eta')}
                    type="date"
                    disabled={disabled}
                    {...form.register(`items.${index}.estimatedDelivery`)}
                  />
                </Field>
              </div>
            </fieldset>
          );
        })}
      </CardBody>
    </Card>
  );
}
