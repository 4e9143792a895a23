import { zodResolver } from '@hookform/resolvers/zod';
import { customerLoginSchema, type LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { isNetworkError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { OFFLINE_LOGIN } from '../api/auth-api.ts';
import { LoginCodeRequiredError } from '../api/login-code.ts';
import { useAuth } from '../auth-context.tsx';
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
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, orderNumber }) => {
    try {
      await loginCustomer(email.trim(), orderNumber.trim());
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
    }
  });

  if (challenge) return <LoginCodeStep challenge={challenge} onBack={() => setChallenge(null)} />;

  return (
    <Card className="w-full">
      <CardBody className="py-6">
        <h2 className="mb-1 text-lg font-semibold">Track your order</h2>
        {/* Worded so it never repeats a field's label: those texts stay unique on the screen. */}
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">Use the details from your order confirmation.</p>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <InputField
            id="login-email"
            label="Email Address"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            disabled={isSubmitting}
            {...form.register('email')}
          />
          <InputField
            id="login-order-number"
            label="Order Number"
            error={errors.orderNumber?.message}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="ORD-12345"
            disabled={isSubmitting}
            {...form.register('orderNumber')}
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
