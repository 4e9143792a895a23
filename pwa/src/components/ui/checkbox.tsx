import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';

export function Checkbox({
  id,
  checked,
  onCheckedChange,
  disabled,
  label,
  description,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  label: string;
  /** A sentence under the label; part of the checkbox's name, so it can be found by either. */
  description?: string;
}) {
  return (
    <div className={description ? 'flex items-start gap-2' : 'flex items-center gap-2'}>
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
        {description ? (
          <>
            <span className="block font-medium">{label}</span>{' '}
            <span className="block text-gray-700 dark:text-gray-300">{description}</span>
          </>
        ) : (
          label
        )}
      </label>
    </div>
  );
}
