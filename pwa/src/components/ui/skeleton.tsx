import { cn } from '../../lib/cn.ts';

export function Skeleton({ className, testId }: { className?: string; testId?: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className={cn('animate-pulse rounded-md bg-gray-200 dark:bg-gray-800', className)}
    />
  );
}
