import { zodResolver } from '@hookform/resolvers/zod';
import { adminLoginSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../auth-context.tsx';
import { formField, LoginCard, loginLinkClass, toastLoginFailure } from './login-card.tsx';

type Values = z.input<typeof adminLoginSchema>;

export function StaffLoginPage() {
  const { loginAdmin } = useAuth();
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ username, password }) => {
    try {
      await loginAdmin(username.trim(), password);
      toast({ title: 'Success', description: 'Login successful! Redirecting to dashboard...' });
      navigate('/admin/dashboard');
    } catch (error) {
      toastLoginFailure(error, 'Invalid username or password. Please try again.');
    }
  });

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-6 sm:py-10">
      <LoginCard
        heading={
          <div className="mb-6 flex flex-col items-center gap-2 text-center">
            <ShieldCheck aria-hidden="true" className="h-10 w-10 text-emerald-700 dark:text-emerald-400" />
            <h1 className="text-2xl font-bold">Staff Login</h1>
            <p className="text-sm text-gray-700 dark:text-gray-300">For studio staff only.</p>
          </div>
        }
        fields={[
          formField(form, 'username', {
            id: 'staff-username',
            label: 'Username',
            autoComplete: 'username',
            placeholder: 'Enter your username',
          }),
          formField(form, 'password', {
            id: 'staff-password',
            label: 'Password',
            type: 'password',
            autoComplete: 'current-password',
            placeholder: 'Enter your password',
          }),
        ]}
        submitLabel="Sign In"
        busy={isSubmitting}
        onSubmit={onSubmit}
        footer={
          <Link to="/" className={loginLinkClass}>
            Back to customer tracking
          </Link>
        }
      />
    </div>
  );
}
