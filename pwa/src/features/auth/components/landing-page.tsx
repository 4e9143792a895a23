import { Logo } from '../../../components/logo.tsx';
import { CustomerLoginForm } from './customer-login-form.tsx';

export function LandingPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 py-6 sm:py-10">
      <Logo className="h-20 w-20" title="Studio logo" />
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Order Tracker</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">Track the status of your orders in real-time</p>
      </div>
      <CustomerLoginForm />
    </div>
  );
}
