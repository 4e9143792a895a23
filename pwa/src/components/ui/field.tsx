import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

/** A label, its control and the validation message under it (linked by id for screen readers). */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
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

/** A Field holding one Input, which is marked invalid and linked to the message while `error` is set. */
export function InputField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <Input id={id} {...invalidProps(id, error)} {...input} />
    </Field>
  );
}
