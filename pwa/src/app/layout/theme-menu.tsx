import { Monitor, Moon, Sun } from 'lucide-react';
import { type ComponentProps, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/ui/button.tsx';
import { lazyOnIntent } from '../../lib/lazy-on-intent.ts';
import { type Theme, themeState } from '../../lib/theme.ts';

export const themeChoices: { theme: Theme; label: string; Icon: typeof Sun }[] = [
  { theme: 'light', label: 'Light', Icon: Sun },
  { theme: 'dark', label: 'Dark', Icon: Moon },
  { theme: 'system', label: 'System', Icon: Monitor },
];

// The menu (Radix, with its positioning) is not part of a visit's start: fetched when someone reaches
// for the button (a pointer over it, or focus on it).
const dropdown = lazyOnIntent(() => import('./theme-dropdown.tsx').then((m) => m.ThemeDropdown));

/** The header's Toggle theme button, showing the current choice. */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const { theme } = useSnapshot(themeState);
  const Current = themeChoices.find((choice) => choice.theme === theme)?.Icon ?? Sun;
  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" title="Theme" {...props}>
      <Current aria-hidden="true" className="h-5 w-5" />
    </Button>
  );
}

/**
 * The same button stands in until it is first clicked; the menu then takes its place, open (at once when its
 * chunk came with the pointer or the focus, else as soon as it arrives: no click is lost). Focus alone does not
 * swap the button, so a keyboard user's focus stays where it is.
 */
export function ThemeMenu() {
  const [opened, setOpened] = useState(false);
  const button = (
    <ThemeButton
      aria-haspopup="menu"
      aria-expanded={opened}
      onPointerEnter={dropdown.prefetch}
      onFocus={dropdown.prefetch}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <dropdown.Component defaultOpen />
    </Suspense>
  );
}
