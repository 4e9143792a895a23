import { emailCommandResponseSchema } from '@ot/contracts/email/email-views.ts';
import { request } from '../../../lib/api-client.ts';

export const emailMutationKeys = {
  testEmail: ['email-logs', 'test-email'] as const,
  retry: ['email-logs', 'retry'] as const,
  resend: ['email-logs', 'resend'] as const,
};

/** POST /api/admin/test-email {email}. */
export async function sendTestEmail(email: string) {
  return (await request('/api/admin/test-email', emailCommandResponseSchema, { method: 'POST', body: { email } })).data;
}

/** POST /api/admin/retry-email/{id}, no body. */
export async function retryEmail(eventId: string) {
  return (
    await request(`/api/admin/retry-email/${encodeURIComponent(eventId)}`, emailCommandResponseSchema, {
      method: 'POST',
    })
  ).data;
}

/** POST /api/admin/email-events/{id}/resend: a JSON header and no body; answers the order number. */
export async function resendEmail(eventId: string) {
  return (
    await request(`/api/admin/email-events/${encodeURIComponent(eventId)}/resend`, emailCommandResponseSchema, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
  ).data;
}
