import { cn } from '../../lib/cn.ts';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-gray-200 dark:bg-gray-800', className)} />;
}
