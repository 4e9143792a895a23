import type { ButtonHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

const variants = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-emerald-700/60',
  outline:
    'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800',
  ghost: 'text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = { md: 'h-10 px-4 text-sm', sm: 'h-8 px-3 text-sm', icon: 'h-10 w-10' } as const;

interface ButtonLooks {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string | undefined;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLooks {}

/**
 * A button's classes, for an element that only looks like one (a link that is a link to the keyboard
 * and screen readers). Plain classes rather than Radix's Slot: the Button is in every first visit.
 */
export const buttonClass = ({ variant = 'primary', size = 'md', className }: ButtonLooks = {}) =>
  cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-70',
    variants[variant],
    sizes[size],
    className,
  );

export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClass({ variant, size, className })} {...props} />;
}

/**
 * A button that leads to another screen (the dashboard's "Add New Order" button, "Cancel (to /admin)"):
 * a router link holding a button, so it is both a link (with its address, for a new tab) and a
 * button; only the button takes focus, and its click reaches the link.
 */
export function LinkButton({ to, className, ...props }: ButtonProps & { to: string }) {
  return (
    <Link
      to={to}
      tabIndex={-1}
      aria-disabled={props.disabled || undefined}
      onClick={(event) => {
        if (props.disabled) event.preventDefault();
      }}
      className={cn('inline-flex shrink-0 rounded-md', className)}
    >
      <Button className="w-full" {...props} />
    </Link>
  );
}
