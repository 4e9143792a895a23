import { cn } from '../lib/cn.ts';

/** The studio's mark: a flag on the green. Drawn inline so it needs no request and follows the theme. */
export function Logo({ className, title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={cn('shrink-0', className)}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <circle cx="32" cy="32" r="30" fill="#065f46" />
      <ellipse cx="32" cy="47" rx="15" ry="4.5" fill="#10b981" />
      <path d="M27 12v35" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      <path d="M28.5 12.5l17 6.5-17 6.5z" fill="#fbbf24" />
      <circle cx="39.5" cy="44" r="3" fill="#ffffff" />
    </svg>
  );
}
