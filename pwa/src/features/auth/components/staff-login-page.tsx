import { zodResolver } from '@hookform/resolvers/zod';
import { adminLoginSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { isNetworkError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { OFFLINE_LOGIN } from '../api/auth-api.ts';
import { useAuth } from '../auth-context.tsx';

type Values = z.input<typeof adminLoginSchema>;

export function StaffLoginPage() {
  const { loginAdmin } = useAuth();
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ username, password }) => {
    try {
      await loginAdmin(username.trim(), password);
      toast({ title: 'Success', description: 'Login successful! Redirecting to dashboard...' });
      navigate('/admin/dashboard');
    } catch (error) {
      if (isNetworkError(error)) {
        toast({ title: 'You are offline', description: OFFLINE_LOGIN, variant: 'destructive' });
        return;
      }
      toast({ title: 'Error', description: 'Invalid username or password. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-6 sm:py-10">
      <Card className="w-full">
        <CardBody className="py-6">
          <div className="mb-6 flex flex-col items-center gap-2 text-center">
            <ShieldCheck aria-hidden="true" className="h-10 w-10 text-emerald-700 dark:text-emerald-400" />
            <h1 className="text-2xl font-bold">Staff Login</h1>
            <p className="text-sm text-gray-700 dark:text-gray-300">For studio staff only.</p>
          </div>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <InputField
              id="staff-username"
              label="Username"
              error={errors.username?.message}
              autoComplete="username"
              placeholder="Enter your username"
              disabled={isSubmitting}
              {...form.register('username')}
            />
            <InputField
              id="staff-password"
              label="Password"
              error={errors.password?.message}
              type="password"
              autoComplete="current-password"
              placeholder="Enter your password"
              disabled={isSubmitting}
              {...form.register('password')}
            />
            <Button type="submit" disabled={isSubmitting} className="w-full">
              Sign In
            </Button>
          </form>
          <div className="mt-4 text-center text-sm">
            <Link
              to="/"
              className="font-medium text-emerald-800 underline-offset-4 hover:underline dark:text-emerald-300"
            >
              Back to customer tracking
            </Link>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
