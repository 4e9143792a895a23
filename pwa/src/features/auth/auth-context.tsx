import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { forgetUser, persistFor } from '../../lib/persisted-cache.ts';
import { clearSessionUiState } from '../../lib/session-ui-state.ts';
import { authKeys, loginAdmin, loginCustomer, logout, meQuery } from './api/auth-api.ts';
import { verifyLoginCode } from './api/login-code.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  loginCustomer(email: string, orderNumber: string): Promise<SessionUser>;
  loginAdmin(username: string, password: string): Promise<SessionUser>;
  /** The emailed code's step of a customer login from a new device. */
  verifyLoginCode(challengeId: string, code: string): Promise<SessionUser>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session lives in the query cache (it is server data); this gives it a name and the three states. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const user = me.data ?? null;
  const status: SessionStatus = me.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated';

  // The cache is kept on the device for whoever is signed in; a session that ends (a 401) takes it along.
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (me.isPending) return;
    if (previous.current && previous.current !== user?.id) {
      void forgetUser(previous.current);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      clearSessionUiState();
    }
    previous.current = user?.id ?? null;
    persistFor(queryClient, user);
  }, [queryClient, me.isPending, user]);

  const value = useMemo<AuthContextValue>(() => {
    // Another person's cached data must never show: drop everything but the session itself.
    const forgetData = () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      clearSessionUiState();
    };
    const signedIn = (next: SessionUser) => {
      forgetData();
      queryClient.setQueryData(authKeys.me, next);
      return next;
    };
    return {
      status,
      user,
      loginCustomer: async (email, orderNumber) => signedIn(await loginCustomer(email, orderNumber)),
      loginAdmin: async (username, password) => signedIn(await loginAdmin(username, password)),
      verifyLoginCode: async (challengeId, code) => signedIn(await verifyLoginCode(challengeId, code)),
      logout: async () => {
        try {
          // While still signed in: the server removes this device's subscription only for its owner.
          await import('../../lib/push-device.ts').then((m) => m.unsubscribeDevice()).catch(() => {});
          await logout();
        } finally {
          // Offline too: this device forgets the user's data even if the server did not hear.
          await forgetUser(user?.id ?? null);
          forgetData();
          queryClient.setQueryData(authKeys.me, null);
        }
      },
    };
  }, [queryClient, status, user]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** Where a signed-in user belongs. */
export const homeFor = (user: SessionUser): string => (user.role === 'customer' ? '/dashboard' : '/admin/dashboard');
