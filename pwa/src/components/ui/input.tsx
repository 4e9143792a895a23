import { Search } from 'lucide-react';
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const field =
  'w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-500 disabled:cursor-not-allowed disabled:bg-gray-100 read-only:bg-gray-50 aria-invalid:border-red-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400 dark:disabled:bg-gray-800 dark:read-only:bg-gray-800';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(field, 'h-10', props.type === 'file' && 'py-2', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(field, 'min-h-20 py-2', className)} {...props} />;
}

/** A search box with its magnifier; `className` goes on the wrapper. */
export function SearchInput({
  className,
  onValueChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & { onValueChange: (value: string) => void }) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
      />
      <Input type="search" className="pl-9" onChange={(event) => onValueChange(event.target.value)} {...props} />
    </div>
  );
}
