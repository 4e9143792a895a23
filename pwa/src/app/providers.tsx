import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useApplyTheme } from '../lib/theme.ts';

function ThemeEffect() {
  useApplyTheme();
  return null;
}

/*
 * No Tooltip.Provider here: the app shows no tooltip or hover card, and the provider alone brings Radix's
 * positioning code into every first visit. A screen that adds one wraps it in a Tooltip.Provider with the
 * studio's tooltip delays: open after 700 ms, close after 300 ms.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeEffect />
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
