import { queryClient } from '../../../lib/query-client.ts';
import { emailLogKeys } from './email-log-queries.ts';
import { emailMutationKeys, resendEmail, retryEmail, sendTestEmail } from './email-mutations.ts';

/**
 * Registered when an admin screen with email actions loads, so a paused mutation resumes with its
 * function known; each email write refreshes the logs, stats and queue.
 */
const refreshEmailLogs = () => queryClient.invalidateQueries({ queryKey: emailLogKeys.all });

queryClient.setMutationDefaults(emailMutationKeys.testEmail, {
  mutationFn: sendTestEmail,
  onSuccess: refreshEmailLogs,
});
queryClient.setMutationDefaults(emailMutationKeys.retry, { mutationFn: retryEmail, onSuccess: refreshEmailLogs });
queryClient.setMutationDefaults(emailMutationKeys.resend, { mutationFn: resendEmail, onSuccess: refreshEmailLogs });
