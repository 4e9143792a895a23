import { zodResolver } from '@hookform/resolvers/zod';
import { customerLoginSchema, type LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { LoginCodeRequiredError } from '../api/login-code.ts';
import { useAuth } from '../auth-context.tsx';
import { formField, LoginCard, loginLinkClass, toastLoginFailure } from './login-card.tsx';
import { LoginCodeStep } from './login-code-step.tsx';

type Values = z.input<typeof customerLoginSchema>;

export function CustomerLoginForm() {
  const { loginCustomer } = useAuth();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<LoginCodeRequired | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(customerLoginSchema),
    defaultValues: { email: '', orderNumber: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, orderNumber }) => {
    try {
      await loginCustomer(email.trim(), orderNumber.trim());
      navigate('/dashboard');
    } catch (error) {
      if (error instanceof LoginCodeRequiredError) setChallenge(error.challenge);
      else toastLoginFailure(error, 'Invalid email or order number. Please try again.');
    }
  });

  if (challenge) return <LoginCodeStep challenge={challenge} onBack={() => setChallenge(null)} />;

  return (
    <LoginCard
      heading={
        <>
          <h2 className="mb-1 text-lg font-semibold">Track your order</h2>
          {/* Worded so it never repeats a field's label: those texts stay unique on the screen. */}
          <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">Use the details from your order confirmation.</p>
        </>
      }
      fields={[
        formField(form, 'email', {
          id: 'login-email',
          label: 'Email Address',
          type: 'email',
          autoComplete: 'email',
          placeholder: 'you@example.com',
        }),
        formField(form, 'orderNumber', {
          id: 'login-order-number',
          label: 'Order Number',
          autoComplete: 'off',
          autoCapitalize: 'characters',
          placeholder: 'ORD-12345',
        }),
      ]}
      submitLabel={isSubmitting ? 'Loading...' : 'Track Order'}
      busy={isSubmitting}
      onSubmit={onSubmit}
      footer={
        <Link to="/admin" className={loginLinkClass}>
          Staff Login
        </Link>
      }
    />
  );
}
