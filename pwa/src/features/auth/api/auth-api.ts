import { meResponseSchema, type SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError, request } from '../../../lib/api-client.ts';

export const authKeys = { me: ['auth', 'me'] as const };

/** GET /api/auth/me on start. Signed out (401) is an answer, not an error; other failures are only logged. */
export async function fetchMe(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return (await request('/api/auth/me', meResponseSchema, { signal })).data.user;
  } catch (error) {
    if (!isApiError(error, 401)) console.error('Session check failed', error);
    return null;
  }
}

export const meQuery = queryOptions({ queryKey: authKeys.me, queryFn: ({ signal }) => fetchMe(signal) });

/** The login functions throw the server's message, or 'Login failed'. */
async function login(path: string, body: unknown): Promise<SessionUser> {
  try {
    return (await request(path, meResponseSchema, { method: 'POST', body })).data.user;
  } catch (error) {
    throw new Error((isApiError(error) && error.serverMessage) || 'Login failed');
  }
}

export const loginCustomer = (email: string, orderNumber: string) =>
  login('/api/auth/customer/login', { email, orderNumber });

export const loginAdmin = (username: string, password: string) =>
  login('/api/auth/admin/login', { username, password });

export async function logout(): Promise<void> {
  await request('/api/auth/logout', z.unknown(), { method: 'POST' });
}
