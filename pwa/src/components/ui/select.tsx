import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, Suspense, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { lazyOnIntent } from '../../lib/lazy-on-intent.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  invalid?: boolean;
  ariaLabel?: string;
  describedBy?: string;
}

export const triggerClass =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 text-left text-sm text-gray-900 disabled:cursor-not-allowed disabled:bg-gray-100 aria-invalid:border-red-600 data-[placeholder]:text-gray-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:disabled:bg-gray-800 dark:data-[placeholder]:text-gray-400';

// Radix's select (its list, positioning, focus trap and typeahead) is a chunk of its own, fetched when someone
// reaches for a field and rendered when it is opened: a page that only shows its filters never evaluates it
// (on a customer's dashboard it would weigh as much as React itself).
const radixSelect = lazyOnIntent(() => import('./radix-select.tsx').then((m) => m.RadixSelectField));

/** The keys that open a closed Radix select from its trigger. */
const OPENING_KEYS = new Set([' ', 'Enter', 'ArrowDown', 'ArrowUp']);

/**
 * A select field (role combobox, options in a listbox). Until it is first opened it is this button, the same
 * as Radix's trigger (its role, state, label and look); opening it (a click, or Enter, Space or an arrow key)
 * puts Radix's select in its place, open, as soon as its chunk is there (no opening is lost). Radix reserves
 * the empty string for "no value", so an empty `value` shows the placeholder.
 */
export function SelectField(props: SelectFieldProps) {
  const [opened, setOpened] = useState(false);
  const { id, value, options, placeholder, disabled, className, invalid, ariaLabel, describedBy } = props;
  const label = options.find((option) => option.value === value)?.label;
  const open = () => {
    if (!disabled) setOpened(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    open();
  };
  const trigger = (
    <button
      type="button"
      role="combobox"
      id={id}
      aria-label={ariaLabel}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-expanded={opened}
      aria-autocomplete="none"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      data-placeholder={value ? undefined : ''}
      data-state="closed"
      className={cn(triggerClass, className)}
      onPointerEnter={radixSelect.prefetch}
      onFocus={radixSelect.prefetch}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <span className="truncate">
        <span style={{ pointerEvents: 'none' }}>{label ?? placeholder}</span>
      </span>
      <span aria-hidden="true">
        <ChevronDown aria-hidden="true" className="h-4 w-4 opacity-70" />
      </span>
    </button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <radixSelect.Component {...props} defaultOpen />
    </Suspense>
  );
}
