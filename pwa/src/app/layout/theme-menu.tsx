import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/ui/button.tsx';
import { setTheme, type Theme, themeState } from '../../lib/theme.ts';

const choices: { theme: Theme; label: string; Icon: typeof Sun }[] = [
  { theme: 'light', label: 'Light', Icon: Sun },
  { theme: 'dark', label: 'Dark', Icon: Moon },
  { theme: 'system', label: 'System', Icon: Monitor },
];

export function ThemeMenu() {
  const { theme } = useSnapshot(themeState);
  const Current = choices.find((choice) => choice.theme === theme)?.Icon ?? Sun;
  // Not modal: an open menu leaves the page as it is for assistive technology (no aria-hidden over focusable content).
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Toggle theme" title="Theme">
          <Current aria-hidden="true" className="h-5 w-5" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-36 rounded-md border border-gray-200 bg-white p-1 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          {choices.map(({ theme: choice, label, Icon }) => (
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
