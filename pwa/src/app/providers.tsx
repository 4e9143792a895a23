import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useApplyTheme } from '../lib/theme.ts';

function ThemeEffect() {
  useApplyTheme();
  return null;
}

/**
 * Spec section 9: tooltips open after 700 ms and close after 300 ms. No screen shows a Radix tooltip
 * today, so its provider (and the popper it brings) is not part of the first load: a screen that adds
 * one wraps it in `<Tooltip.Provider delayDuration={700} skipDelayDuration={300}>`.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeEffect />
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
