import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** The ✕ in the corner of a toast or a dialog; put it inside the primitive's `Close asChild`. */
export function CornerClose({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label="Close"
      className={cn('absolute rounded-md p-1 opacity-80 hover:opacity-100', className)}
      {...props}
    >
      <X aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
