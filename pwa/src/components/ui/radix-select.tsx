import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { type SelectFieldProps, triggerClass } from './select.tsx';

/**
 * The Radix select itself (role combobox, options in a listbox), a chunk of its own: select.tsx renders it
 * once someone opens the field. Radix reserves the empty string for "no value", so an empty `value` shows
 * the placeholder.
 */
export function RadixSelectField({
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
  defaultOpen,
}: SelectFieldProps & { defaultOpen: boolean }) {
  return (
    <Select.Root value={value || undefined} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <Select.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cn(triggerClass, className)}
      >
        <span className="truncate">
          {/* The chosen option's label given here, as select.tsx's stand-in shows it, not left to Radix to copy
              from its list. */}
          <Select.Value placeholder={placeholder}>
            {options.find((option) => option.value === value)?.label}
          </Select.Value>
        </span>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="h-4 w-4 opacity-70" />
        </Select.Icon>
      </Select.Trigger>
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
    </Select.Root>
  );
}
