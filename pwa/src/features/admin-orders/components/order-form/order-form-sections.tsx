import { itemStatuses, manufacturers, statusLabel } from '@ot/contracts/orders/item-status.ts';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { AddressFields } from '../../../../components/forms/address-fields.tsx';
import { FormSelectField } from '../../../../components/forms/form-controls.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Field, InputField, TextareaField } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import type { OrderFormFields } from './order-form-fields.ts';

/**
 * The order fields the place-order and edit-order screens share, drawn once. Each screen keeps the
 * form's own labels (`mode`); both forms hold these fields under the same names (OrderFormFields),
 * read here through the form's context.
 */
export type OrderFormMode = 'place' | 'edit';

const labels = {
  place: {
    idPrefix: 'place',
    phone: 'Customer Phone',
    phonePlaceholder: undefined,
    tracking: 'Tracking Number (Optional)',
    eta: 'Estimated Delivery (Optional)',
    documentTitle: 'Custom Fit Specification',
    documentDescription: "Upload the customer's spec sheet or link it; every item shares it.",
    file: 'Upload PDF (Optional)',
    url: 'Document URL (Optional)',
    manufacturer: 'Manufacturer *',
    itemEta: 'ETA *',
  },
  edit: {
    idPrefix: 'edit',
    phone: 'Phone',
    phonePlaceholder: 'Enter phone number',
    tracking: 'Tracking Number (Parcelforce)',
    eta: 'Estimated Delivery Date',
    documentTitle: 'Customer Spec Sheet & Fitting Data',
    documentDescription: undefined,
    file: 'Upload PDF',
    url: 'Or paste a document URL',
    manufacturer: 'Manufacturer',
    itemEta: 'ETA',
  },
} as const;

const itemStatusOptions = itemStatuses.map((value) => ({ value, label: statusLabel(value) }));
const manufacturerOptions = manufacturers.map((value) => ({ value, label: value }));

interface SectionProps {
  mode: OrderFormMode;
  disabled: boolean;
}

/** Customer name, email and phone; `children` adds fields to the same grid (the edit form's order date). */
export function CustomerContactFields({
  mode,
  disabled,
  className,
  children,
}: SectionProps & { className: string; children?: ReactNode }) {
  const form = useFormContext<OrderFormFields>();
  const errors = form.formState.errors;
  const text = labels[mode];
  const id = (key: string) => `${text.idPrefix}-customer-${key}`;
  return (
    <div className={className}>
      <InputField
        id={id('name')}
        label="Customer Name"
        error={errors.customerName?.message}
        autoComplete="off"
        disabled={disabled}
        {...form.register('customerName')}
      />
      <InputField
        id={id('email')}
        label="Customer Email"
        error={errors.customerEmail?.message}
        type="email"
        autoComplete="off"
        disabled={disabled}
        {...form.register('customerEmail')}
      />
      <Field id={id('phone')} label={text.phone}>
        <Input
          id={id('phone')}
          type="tel"
          placeholder={text.phonePlaceholder}
          disabled={disabled}
          {...form.register('customerPhone')}
        />
      </Field>
      {children}
    </div>
  );
}

/** A shipping or billing address (the seven fields); billing shows its validation messages. */
export function AddressSection({ mode, disabled, which }: SectionProps & { which: 'shipping' | 'billing' }) {
  const form = useFormContext<OrderFormFields>();
  const errors = form.formState.errors[`${which}Address`];
  return (
    <AddressFields
      idPrefix={`${labels[mode].idPrefix}-${which}`}
      section={which}
      register={(key) => form.register(`${which}Address.${key}`)}
      error={which === 'billing' ? (key) => errors?.[key]?.message : undefined}
      disabled={disabled}
      stateOptional={mode === 'edit' || which === 'shipping'}
    />
  );
}

/** The order's tracking number and estimated delivery. */
export function DeliveryFields({ mode, disabled }: SectionProps) {
  const form = useFormContext<OrderFormFields>();
  const text = labels[mode];
  return (
    <>
      <Field id={`${text.idPrefix}-tracking`} label={text.tracking}>
        <Input id={`${text.idPrefix}-tracking`} disabled={disabled} {...form.register('trackingNumber')} />
      </Field>
      <Field id={`${text.idPrefix}-eta`} label={text.eta}>
        <Input id={`${text.idPrefix}-eta`} type="date" disabled={disabled} {...form.register('estimatedDelivery')} />
      </Field>
    </>
  );
}

/** The order's notes: what the customer sees and, when editing, what only the studio sees. */
const notesFields = {
  place: [{ name: 'customerNotes', id: 'order-notes', label: 'Customer Notes (Optional)', className: 'sm:col-span-3' }],
  edit: [
    { name: 'customerNotes', id: 'edit-customer-notes', label: 'Customer Notes', hint: 'Visible to the customer.' },
    { name: 'fitterNotes', id: 'edit-fitter-notes', label: 'Fitter Notes', hint: 'Admin only, internal.' },
  ],
} as const;

export function NotesFields({ mode, disabled }: SectionProps) {
  const form = useFormContext<OrderFormFields>();
  return notesFields[mode].map(({ name, ...field }) => (
    <TextareaField key={name} {...field} disabled={disabled} {...form.register(name)} />
  ));
}

/** The spec sheet card: a PDF to upload (its name shown once chosen) or a document URL. */
export function DocumentCard({
  mode,
  disabled,
  file,
  onFileChange,
}: SectionProps & { file: File | null; onFileChange: (file: File | null) => void }) {
  const form = useFormContext<OrderFormFields>();
  const text = labels[mode];
  return (
    <Card>
      <CardHeader title={text.documentTitle} description={text.documentDescription} />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          id={`${text.idPrefix}-spec-file`}
          label={text.file}
          hint={file ? `Selected: ${file.name}` : 'PDF files only.'}
        >
          <Input
            id={`${text.idPrefix}-spec-file`}
            type="file"
            accept=".pdf,application/pdf"
            className="py-1.5"
            disabled={disabled}
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          />
        </Field>
        <Field id={`${text.idPrefix}-document-url`} label={text.url}>
          <Input
            id={`${text.idPrefix}-document-url`}
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

/** One item's status, manufacturer and ETA. */
export function ItemStatusFields({ mode, disabled, index }: SectionProps & { index: number }) {
  const form = useFormContext<OrderFormFields>();
  const text = labels[mode];
  const id = (key: string) => `${text.idPrefix}-items-${index}-${key}`;
  return (
    <>
      <FormSelectField
        control={form.control}
        name={`items.${index}.manufacturer`}
        id={id('manufacturer')}
        label={text.manufacturer}
        options={manufacturerOptions}
        placeholder="Select manufacturer"
        disabled={disabled}
      />
      <FormSelectField
        control={form.control}
        name={`items.${index}.status`}
        id={id('status')}
        label="Status"
        options={itemStatusOptions}
        disabled={disabled}
      />
      <Field id={id('eta')} label={text.itemEta}>
        <Input id={id('eta')} type="date" disabled={disabled} {...form.register(`items.${index}.estimatedDelivery`)} />
      </Field>
    </>
  );
}
