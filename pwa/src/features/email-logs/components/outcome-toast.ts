import { serverError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * An email mutation's `onSettled` (useMutation's options, which the mutation runs itself) that tells its
 * outcome in a toast: on failure the server's reason, else `fallback`. Not in mutate's own callbacks, which
 * TanStack drops once the component that sent it is gone: a row re-mounted by its list refetching, a
 * screen left before the answer came.
 */
export const toastOutcome =
  <Answer, Variables>(told: {
    success: (answer: Answer, variables: Variables) => { title: string; description: string };
    failure: string;
    fallback: (error: Error) => string;
  }) =>
  (answer: Answer | undefined, error: Error | null, variables: Variables): void =>
    toast(
      error
        ? { title: told.failure, description: serverError(error) ?? told.fallback(error), variant: 'destructive' }
        : told.success(answer as Answer, variables),
    );
