import type { LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { isNetworkError, NetworkError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { OFFLINE_LOGIN } from '../api/auth-api.ts';
import { LoginCodeRequiredError } from '../api/login-code.ts';
import { useAuth } from '../auth-context.tsx';

// Only a sign-in from a browser the account does not know asks for a code (CUSTOMER_LOGIN_CODE=1).
const LoginCodeStep = lazy(() => import('./login-code-step.tsx').then((m) => ({ default: m.LoginCodeStep })));

type Errors = { email?: string | undefined; orderNumber?: string | undefined };

/**
 * Checked with the contracts' customerLoginSchema, loaded when first needed (the session check on start
 * has usually loaded it already): the landing page is every customer's first visit, and zod and
 * react-hook-form stay out of its JavaScript (issue 14). Like the other forms: checked on submit, then
 * again as the user types, the first wrong field focused.
 */
async function check(form: HTMLFormElement) {
  // Read before anything is awaited: the fields are disabled while submitting, and a disabled field is not form data.
  const data = new FormData(form);
  const { customerLoginSchema } = await import('@ot/contracts/auth/auth-schemas.ts').catch((error: unknown) => {
    throw new NetworkError(error);
  });
  const parsed = customerLoginSchema.safeParse({ email: data.get('email'), orderNumber: data.get('orderNumber') });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'orderNumber') && !errors[field]) errors[field] = issue.message;
  }
  return { values: null, errors };
}

export function CustomerLoginForm() {
  const { loginCustomer } = useAuth();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<LoginCodeRequired | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    const { errors: found } = await check(event.currentTarget).catch(() => ({ errors: {} }));
    setErrors(found);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    setSubmitting(true);
    try {
      const { values, errors: found } = await check(form);
      setErrors(found);
      if (!values) {
        const first = found.email ? 'email' : 'orderNumber';
        (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
        return;
      }
      await loginCustomer(values.email, values.orderNumber);
      navigate('/dashboard');
    } catch (error) {
      if (error instanceof LoginCodeRequiredError) {
        setChallenge(error.challenge);
        return;
      }
      if (isNetworkError(error)) {
        toast({ title: 'You are offline', description: OFFLINE_LOGIN, variant: 'destructive' });
        return;
      }
      toast({
        title: 'Error',
        description: 'Invalid email or order number. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge)
    return (
      <Suspense fallback={<PageSpinner />}>
        <LoginCodeStep challenge={challenge} onBack={() => setChallenge(null)} />
      </Suspense>
    );

  return (
    <Card className="w-full">
      <CardBody className="py-6">
        <h2 className="mb-1 text-lg font-semibold">Track your order</h2>
        {/* Worded so it never repeats a field's label: those texts stay unique on the screen. */}
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">Use the details from your order confirmation.</p>
        <form onSubmit={onSubmit} onChange={onChange} noValidate className="flex flex-col gap-4">
          <InputField
            id="login-email"
            label="Email Address"
            error={errors.email}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            disabled={isSubmitting}
            name="email"
          />
          <InputField
            id="login-order-number"
            label="Order Number"
            error={errors.orderNumber}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="ORD-12345"
            disabled={isSubmitting}
            name="orderNumber"
          />
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Loading...' : 'Track Order'}
          </Button>
        </form>
        <div className="mt-4 text-center text-sm">
          <Link
            to="/admin"
            className="font-medium text-emerald-800 underline-offset-4 hover:underline dark:text-emerald-300"
          >
            Staff Login
          </Link>
        </div>
      </CardBody>
    </Card>
  );
}
