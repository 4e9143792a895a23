import type { LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { isNetworkError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { OFFLINE_LOGIN } from '../api/auth-api.ts';
import { useAuth } from '../auth-context.tsx';

/**
 * The second step of a customer sign-in from a browser the account does not know (CUSTOMER_LOGIN_CODE=1):
 * the server emailed a 6-digit code; once it is right this browser is remembered and asks no more.
 */
export function LoginCodeStep({ challenge, onBack }: { challenge: LoginCodeRequired; onBack: () => void }) {
  const { verifyLoginCode } = useAuth();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code from the email');
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await verifyLoginCode(challenge.challengeId, typed);
      navigate('/dashboard');
    } catch (failure) {
      const description = isNetworkError(failure)
        ? OFFLINE_LOGIN
        : failure instanceof Error
          ? failure.message
          : 'Login failed';
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card className="w-full">
      <CardBody className="py-6">
        <h2 className="mb-1 text-lg font-semibold">{challenge.message}</h2>
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">
          This browser is new to us, so we sent a sign-in code to your email. It works for 10 minutes.
        </p>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <InputField
            id="login-code"
            label="Sign-in Code"
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            placeholder="123456"
            disabled={submitting}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" disabled={submitting} className="w-full">
            {submitting ? 'Loading...' : 'Verify Code'}
          </Button>
        </form>
        <div className="mt-4 text-center text-sm">
          <button
            type="button"
            onClick={onBack}
            className="font-medium text-emerald-800 underline-offset-4 hover:underline dark:text-emerald-300"
          >
            Start again
          </button>
        </div>
      </CardBody>
    </Card>
  );
}
