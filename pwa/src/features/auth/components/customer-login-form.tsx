import type { LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { LoginCodeRequiredError } from '../api/login-code.ts';
import { useAuth } from '../auth-context.tsx';
import { LoginCard, loginLinkClass, toastLoginFailure } from './login-card.tsx';

// Only a sign-in from a browser the account does not know asks for a code (CUSTOMER_LOGIN_CODE=1).
const LoginCodeStep = lazy(() => import('./login-code-step.tsx').then((m) => ({ default: m.LoginCodeStep })));

type Errors = { email?: string | undefined; orderNumber?: string | undefined };

/**
 * Checked with the contracts' customerLoginSchema, loaded when first needed (the session check on start
 * has usually loaded it already): the landing page is every customer's first visit, and zod and
 * react-hook-form stay out of its JavaScript. Like the other forms: checked on submit, then
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

/** The two fields a customer signs in with, each with its error once the form has been submitted. */
const loginFields = (errors: Errors) => [
  {
    id: 'login-email',
    name: 'email',
    label: 'Email Address',
    error: errors.email,
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@example.com',
  },
  {
    id: 'login-order-number',
    name: 'orderNumber',
    label: 'Order Number',
    error: errors.orderNumber,
    autoComplete: 'off',
    autoCapitalize: 'characters',
    placeholder: 'ORD-12345',
  },
];

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
      if (error instanceof LoginCodeRequiredError) setChallenge(error.challenge);
      else toastLoginFailure(error, 'Invalid email or order number. Please try again.');
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
    <LoginCard
      heading={
        <>
          <h2 className="mb-1 text-lg font-semibold">Track your order</h2>
          {/* Worded so it never repeats a field's label: those texts stay unique on the screen. */}
          <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">Use the details from your order confirmation.</p>
        </>
      }
      fields={loginFields(errors)}
      submitLabel={isSubmitting ? 'Loading...' : 'Track Order'}
      busy={isSubmitting}
      onSubmit={onSubmit}
      onChange={onChange}
      footer={
        <Link to="/admin" className={loginLinkClass}>
          Staff Login
        </Link>
      }
    />
  );
}
