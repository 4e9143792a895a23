import { type Address, addressSchema } from '@ot/contracts/orders/order-fields.ts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, invalidProps } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';

const addressKeys = addressSchema.keyof().options;
export type AddressKey = keyof Address;

export const addressLabels: Record<AddressKey, string> = {
  name: 'Full Name',
  address1: 'Address Line 1',
  address2: 'Address Line 2 (Optional)',
  city: 'City',
  state: 'County/State',
  zipCode: 'Postal Code',
  country: 'Country',
};

const autoComplete: Record<AddressKey, string> = {
  name: 'name',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  country: 'country-name',
};

/** The seven address fields both order forms use; the caller maps each to its own form field. */
export function AddressFields({
  idPrefix,
  register,
  error,
  disabled,
  stateOptional,
  section,
}: {
  idPrefix: string;
  register: (key: AddressKey) => UseFormRegisterReturn;
  error?: (key: AddressKey) => string | undefined;
  disabled?: boolean;
  stateOptional?: boolean;
  /** 'shipping' or 'billing', for the browser's autofill. */
  section: 'shipping' | 'billing';
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {addressKeys.map((key) => {
        const id = `${idPrefix}-${key}`;
        const message = error?.(key);
        const label = key === 'state' && stateOptional ? 'County/State (Optional)' : addressLabels[key];
        return (
          <Field
            key={key}
            id={id}
            label={label}
            error={message}
            className={key === 'name' ? 'sm:col-span-2' : undefined}
          >
            <Input
              id={id}
              autoComplete={`${section} ${autoComplete[key]}`}
              disabled={disabled}
              {...invalidProps(id, message)}
              {...register(key)}
            />
          </Field>
        );
      })}
    </div>
  );
}
