import type { LoginCodeRequired, SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { z } from 'zod';
import { isApiError, isNetworkError, request } from '../../../lib/api-client.ts';
import type { customerLoginAnswerSchema } from './auth-answers.ts';

/** The contracts' auth schemas, loaded with the request (zod is not in the first visit's JavaScript). */
export const meResponse = () => import('@ot/contracts/auth/auth-schemas.ts').then((m) => m.meResponseSchema);

/** Thrown by the customer login when the server emailed a code: not a failure, the next step. */
export class LoginCodeRequiredError extends Error {
  constructor(readonly challenge: LoginCodeRequired) {
    super(challenge.message);
    this.name = 'LoginCodeRequiredError';
  }
}

/** The user when signed in; throws LoginCodeRequiredError when a code must be entered first. */
export function signedInOrCodeRequired(answer: z.infer<typeof customerLoginAnswerSchema>): SessionUser {
  if ('codeRequired' in answer) throw new LoginCodeRequiredError(answer);
  return answer.user;
}

/** POST /api/auth/customer/login/code: the emailed code; throws the server's message when refused. */
export async function verifyLoginCode(challengeId: string, code: string): Promise<SessionUser> {
  try {
    return (await request('/api/auth/customer/login/code', meResponse, { method: 'POST', body: { challengeId, code } }))
      .data.user;
  } catch (error) {
    if (isNetworkError(error)) throw error;
    throw new Error((isApiError(error) && error.serverMessage) || 'Login failed');
  }
}
