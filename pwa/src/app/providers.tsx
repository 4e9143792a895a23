import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useApplyTheme } from '../lib/theme.ts';

function ThemeEffect() {
  useApplyTheme();
  return null;
}

/** Spec section 9: tooltips open after 700 ms and close after 300 ms. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <ThemeEffect />
        <AuthProvider>{children}</AuthProvider>
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
