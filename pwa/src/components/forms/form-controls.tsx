import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { Checkbox } from '../ui/checkbox.tsx';
import { Field } from '../ui/field.tsx';
import { SelectField, type SelectOption } from '../ui/select.tsx';

/**
 * The react-hook-form controls whose value is not a DOM input (Radix select and checkbox): each
 * binds one form field through `useController`, so the forms do not repeat the wiring.
 */
interface Bound<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  disabled?: boolean;
}

/** A labelled select bound to a form field; `error` marks it invalid and links its message. */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  id,
  disabled,
  label,
  error,
  options,
  placeholder,
}: Bound<T> & {
  label: ReactNode;
  error?: string | undefined;
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Field id={id} label={label} error={error}>
      <SelectField
        id={id}
        value={field.value}
        onValueChange={field.onChange}
        options={options}
        placeholder={placeholder}
        disabled={disabled}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}

/** A checkbox bound to a boolean form field. */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  id,
  disabled,
  label,
  description,
}: Bound<T> & { label: string; description?: string }) {
  const { field } = useController({ control, name });
  return (
    <Checkbox
      id={id}
      label={label}
      description={description}
      checked={field.value}
      onCheckedChange={field.onChange}
      disabled={disabled}
    />
  );
}
