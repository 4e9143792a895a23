import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';

export function Checkbox({
  id,
  checked,
  onCheckedChange,
  disabled,
  label,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  label: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        disabled={disabled}
        className="flex h-5 w-5 shrink-0 items-center justify-center rounded border border-gray-400 bg-white data-[state=checked]:border-emerald-700 data-[state=checked]:bg-emerald-700 data-[state=checked]:text-white disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-500 dark:bg-gray-900"
      >
        <RadixCheckbox.Indicator>
          <Check aria-hidden="true" className="h-4 w-4" />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className="text-sm text-gray-800 dark:text-gray-200">
        {label}
      </label>
    </div>
  );
}
