import { cn } from '../lib/cn.ts';

/**
 * The studio's mark (a flag on the green), `public/logo.svg`, precached by the service worker. An
 * image with alt text, so it is found like any logo; without a title it is decorative.
 */
export function Logo({ className, title }: { className?: string; title?: string }) {
  return <img src="/logo.svg" alt={title ?? ''} width={64} height={64} className={cn('shrink-0', className)} />;
}
