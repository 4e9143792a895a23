import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useState } from 'react';
import { useAfterFirstRender } from '../../lib/after-first-render.ts';
import { cn } from '../../lib/cn.ts';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A Radix select (role combobox, options in a listbox). Radix reserves the empty string for "no
 * value", so an empty `value` shows the placeholder.
 */
export function SelectField({
  id,
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  className,
  invalid,
  ariaLabel,
  describedBy,
}: {
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
}) {
  // A closed Radix select renders its options into a detached fragment (typeahead on the closed trigger, a
  // form's native select) in a second, synchronous render right after it mounts: on a page's first render
  // that was a third of a phone's longest task (issue 14, bench:web). So the options come once the first
  // render is on screen, or at once when the select is opened before that.
  const afterFirstRender = useAfterFirstRender();
  const [opened, setOpened] = useState(false);
  return (
    <Select.Root
      value={value || undefined}
      onValueChange={onValueChange}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      disabled={disabled}
    >
      <Select.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 text-left text-sm text-gray-900 disabled:cursor-not-allowed disabled:bg-gray-100 aria-invalid:border-red-600 data-[placeholder]:text-gray-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:disabled:bg-gray-800 dark:data-[placeholder]:text-gray-400',
          className,
        )}
      >
        <span className="truncate">
          {/* The chosen option's label given here, not left to Radix to copy from the (unmounted) list: so
              it shows in the prerendered page and in the first render too. */}
          <Select.Value placeholder={placeholder}>
            {options.find((option) => option.value === value)?.label}
          </Select.Value>
        </span>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="h-4 w-4 opacity-70" />
        </Select.Icon>
      </Select.Trigger>
      {(afterFirstRender || opened) && (
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-[min(var(--radix-select-content-available-height),24rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-gray-200 bg-white text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
          >
            <Select.Viewport className="p-1">
              {options.map((option) => (
                <Select.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-pointer select-none items-center rounded-sm py-2 pr-2 pl-8 text-sm outline-none data-[highlighted]:bg-emerald-100 data-[highlighted]:text-emerald-950 dark:data-[highlighted]:bg-emerald-900 dark:data-[highlighted]:text-white"
                >
                  <Select.ItemIndicator className="absolute left-2 inline-flex items-center">
                    <Check aria-hidden="true" className="h-4 w-4" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{option.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      )}
    </Select.Root>
  );
}
