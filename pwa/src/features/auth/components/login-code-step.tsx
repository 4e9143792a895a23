import type { LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth-context.tsx';
import { LoginCard, loginLinkClass, toastLoginFailure } from './login-card.tsx';

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
      toastLoginFailure(failure, failure instanceof Error ? failure.message : 'Login failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <LoginCard
      heading={
        <>
          <h2 className="mb-1 text-lg font-semibold">{challenge.message}</h2>
          <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">
            This browser is new to us, so we sent a sign-in code to your email. It works for 10 minutes.
          </p>
        </>
      }
      fields={[
        {
          id: 'login-code',
          label: 'Sign-in Code',
          error,
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 12,
          placeholder: '123456',
          value: code,
          onChange: (event) => setCode(event.target.value),
        },
      ]}
      submitLabel={submitting ? 'Loading...' : 'Verify Code'}
      busy={submitting}
      onSubmit={onSubmit}
      footer={
        <button type="button" onClick={onBack} className={loginLinkClass}>
          Start again
        </button>
      }
    />
  );
}
