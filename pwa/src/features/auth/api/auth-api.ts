import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError, isNetworkError, request, type SchemaSource } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/query-client.ts';
import { meResponse, signedInOrCodeRequired } from './login-code.ts';

const answers = () => import('./auth-answers.ts');

export const authKeys = { me: sessionQueryKey };

/** A session check with no answer within this long counts as offline. */
const SESSION_CHECK_TIMEOUT_MS = 10_000;

/**
 * GET /api/auth/me on start. Signed out (401) is an answer: null. Anything else (offline, a 5xx, a
 * timeout) is logged and thrown, so the query keeps the last known user: offline is not signed out.
 */
export async function fetchMe(signal?: AbortSignal): Promise<SessionUser | null> {
  const timeout = AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS);
  try {
    return (
      await request('/api/auth/me', meResponse, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
    ).data.user;
  } catch (error) {
    if (isApiError(error, 401)) return null;
    console.error('Session check failed', error);
    throw error;
  }
}

// 'always': offline the check fails at once (keeping the cached user) instead of waiting paused; it is not
// tried again by itself (the app asks again when the server can be reached: lib/query-client.ts).
export const meQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => fetchMe(signal),
  networkMode: 'always',
  retry: false,
});

/**
 * The session check asked for at start, beside a page's code and data (main.tsx, app/route-start.ts), when this
 * device keeps no user; the guards' own query then takes its answer.
 */
export const checkSessionEarly = (queryClient: QueryClient): Promise<void> | null =>
  queryClient.getQueryData(sessionQueryKey) === undefined ? queryClient.prefetchQuery(meQuery) : null;

/** Said instead of 'Invalid ...' when a login gets no answer: the app is offline, not the user wrong. */
export const OFFLINE_LOGIN = 'The app is offline. Connect to the internet to sign in.';

/** The login functions throw the server's message, or 'Login failed'; with no answer, the NetworkError itself. */
async function login<S extends z.ZodType>(path: string, body: unknown, schema: SchemaSource<S>): Promise<z.infer<S>> {
  try {
    return (await request(path, schema, { method: 'POST', body })).data;
  } catch (error) {
    if (isNetworkError(error)) throw error;
    throw new Error((isApiError(error) && error.serverMessage) || 'Login failed');
  }
}

/** Throws LoginCodeRequiredError when the server emailed a code for this new device (login-code.ts). */
export const loginCustomer = async (email: string, orderNumber: string): Promise<SessionUser> =>
  signedInOrCodeRequired(
    await login('/api/auth/customer/login', { email, orderNumber }, () =>
      answers().then((m) => m.customerLoginAnswerSchema),
    ),
  );

export const loginAdmin = async (username: string, password: string): Promise<SessionUser> =>
  (await login('/api/auth/admin/login', { username, password }, meResponse)).user;

export async function logout(): Promise<void> {
  await request('/api/auth/logout', () => answers().then((m) => m.logoutAnswerSchema), { method: 'POST' });
}
