import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { setTheme, themeState } from '../../lib/theme.ts';
import { ThemeButton, themeChoices } from './theme-menu.tsx';

/** The theme menu itself (Radix), a chunk of its own: see theme-menu.tsx. */
export function ThemeDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const { theme } = useSnapshot(themeState);
  // Not modal: an open menu leaves the page as it is for assistive technology (no aria-hidden over focusable content).
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <ThemeButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-36 rounded-md border border-gray-200 bg-white p-1 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          {themeChoices.map(({ theme: choice, label, Icon }) => (
            <DropdownMenu.Item
              key={choice}
              onSelect={() => setTheme(choice)}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none data-[highlighted]:bg-emerald-100 data-[highlighted]:text-emerald-950 dark:data-[highlighted]:bg-emerald-900 dark:data-[highlighted]:text-white"
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              <span className="flex-1">{label}</span>
              {theme === choice && <Check aria-hidden="true" className="h-4 w-4" />}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
