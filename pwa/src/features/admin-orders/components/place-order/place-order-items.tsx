import { itemTypes } from '@ot/contracts/orders/item-status.ts';
import { Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { FormSelectField } from '../../../../components/forms/form-controls.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { countInput, Field, InputField, poundsInput } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ItemStatusFields } from '../order-form/order-form-sections.tsx';
import { emptyItem, type PlaceOrderForm } from './place-order-form.ts';

const typeOptions = itemTypes.map((value) => ({ value, label: value }));

export function OrderItemsSection({ form, disabled }: { form: UseFormReturn<PlaceOrderForm>; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  const errors = form.formState.errors.items;

  return (
    <Card>
      <CardHeader
        title="Order Items"
        action={
          <Button variant="outline" size="sm" disabled={disabled} onClick={() => append(emptyItem())}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Item
          </Button>
        }
      />
      <CardBody className="flex flex-col gap-6">
        {(errors?.message ?? errors?.root?.message) && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors?.message ?? errors?.root?.message}
          </p>
        )}
        {fields.map((field, index) => {
          const id = (key: string) => `items-${index}-${key}`;
          const error = errors?.[index];
          const numberField = (
            key: 'price' | 'quantity',
            label: string,
            input: typeof poundsInput | typeof countInput,
          ) => (
            <InputField
              id={id(key)}
              label={label}
              error={error?.[key]?.message}
              {...input}
              disabled={disabled}
              {...form.register(`items.${index}.${key}`)}
            />
          );
          return (
            <fieldset key={field.id} className="rounded-md border border-gray-200 p-4 dark:border-gray-700">
              <legend className="px-1 text-sm font-semibold">Item {index + 1}</legend>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <FormSelectField
                  control={form.control}
                  name={`items.${index}.name`}
                  id={id('name')}
                  label="Item Type"
                  error={error?.name?.message}
                  options={typeOptions}
                  placeholder="Select item type"
                  disabled={disabled}
                />
                <Field id={id('sku')} label="SKU (Optional)">
                  <Input id={id('sku')} disabled={disabled} {...form.register(`items.${index}.sku`)} />
                </Field>
                {numberField('price', 'Price (£)', poundsInput)}
                {numberField('quantity', 'Quantity', countInput)}
                <ItemStatusFields mode="place" index={index} disabled={disabled} />
                <div className="flex items-end">
                  <Button
                    variant="outline"
                    disabled={disabled || fields.length === 1}
                    onClick={() => remove(index)}
                    aria-label={`Remove item ${index + 1}`}
                    title={fields.length === 1 ? 'An order needs at least one item' : undefined}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove
                  </Button>
                </div>
              </div>
            </fieldset>
          );
        })}
      </CardBody>
    </Card>
  );
}
