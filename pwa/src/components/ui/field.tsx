import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input, Textarea } from './input.tsx';

interface FieldText {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

/** A label, its control and the validation message under it (linked by id for screen readers). */
export function Field({ id, label, error, hint, className, children }: FieldText & { children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-gray-600 dark:text-gray-400">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props for a control inside a Field: marks it invalid and points to its message. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

/** `Control` inside a Field: marked invalid and linked to the message while `error` is set. */
function labelled<P extends { id?: string | undefined; className?: string | undefined }>(
  Control: (props: P) => ReactNode,
) {
  return function LabelledField({
    id,
    label,
    error,
    hint,
    className,
    ...control
  }: FieldText & Omit<P, 'id' | 'className'>) {
    // What is left once the Field's own props are taken is the control's props (TS cannot see it through Omit).
    const props = control as unknown as P;
    return (
      <Field id={id} label={label} error={error} hint={hint} className={className}>
        <Control {...props} id={id} {...invalidProps(id, error)} />
      </Field>
    );
  };
}

export const InputField = labelled(Input);
export const TextareaField = labelled(Textarea);

/** Input props for an amount in pounds and pence, and for a whole count of one or more. */
export const poundsInput = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0' } as const;
export const countInput = { type: 'number', inputMode: 'numeric', step: '1', min: '1' } as const;
