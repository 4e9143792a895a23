import { cn } from '../lib/cn.ts';

/**
 * The studio's mark (a flag on the green), drawn from `public/logo.svg` into the 192 px app icon
 * (scripts/draw-icons.ts) and precached by the service worker. An image with alt text, so it is found
 * like any logo; without a title it is decorative.
 *
 * A PNG, not the SVG: Chromium opens every SVG image as a document of its own (a page, a frame, a
 * parse), one per size shown, on the main thread while the page loads: a cost a phone feels even for
 * three small logos, where a PNG is decoded off the main thread.
 */
export function Logo({ className, title }: { className?: string; title?: string }) {
  return (
    <img src="/icons/icon-192.png" alt={title ?? ''} width={64} height={64} className={cn('shrink-0', className)} />
  );
}
