import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { isNetworkError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { OFFLINE_LOGIN } from '../api/auth-api.ts';

type FieldProps = ComponentProps<typeof InputField>;

export const loginLinkClass = 'font-medium text-emerald-800 underline-offset-4 hover:underline dark:text-emerald-300';

/**
 * The one layout of every sign-in step (customer, staff, emailed code): a heading, the fields, the
 * submit button and a way back. Fields are InputField props, each disabled while the form is sent.
 */
export function LoginCard({
  heading,
  fields,
  submitLabel,
  busy,
  onSubmit,
  onChange,
  footer,
}: {
  heading: ReactNode;
  fields: FieldProps[];
  submitLabel: string;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** For forms that check again as the user types, once submitted. */
  onChange?: FormEventHandler<HTMLFormElement>;
  footer: ReactNode;
}) {
  return (
    <Card className="w-full">
      <CardBody className="py-6">
        {heading}
        <form onSubmit={onSubmit} onChange={onChange} noValidate className="flex flex-col gap-4">
          {fields.map((field) => (
            <InputField key={field.id} disabled={busy} {...field} />
          ))}
          <Button type="submit" disabled={busy} className="w-full">
            {submitLabel}
          </Button>
        </form>
        <div className="mt-4 text-center text-sm">{footer}</div>
      </CardBody>
    </Card>
  );
}

/** A field of a react-hook-form form: registered under `name`, showing that name's validation message. */
export function formField<V extends FieldValues>(
  form: UseFormReturn<V>,
  name: Path<V>,
  props: Omit<FieldProps, 'error' | 'name'>,
): FieldProps {
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  return { ...props, error: errors[name]?.message, ...form.register(name) };
}

/** A failed sign-in: offline is said as such, never blamed on what the user typed. */
export function toastLoginFailure(error: unknown, wrongDetails: string): void {
  if (isNetworkError(error)) {
    toast({ title: 'You are offline', description: OFFLINE_LOGIN, variant: 'destructive' });
    return;
  }
  toast({ title: 'Error', description: wrongDetails, variant: 'destructive' });
}
