import { Monitor, Moon, Sun } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/ui/button.tsx';
import { type Theme, themeState } from '../../lib/theme.ts';

export const themeChoices: { theme: Theme; label: string; Icon: typeof Sun }[] = [
  { theme: 'light', label: 'Light', Icon: Sun },
  { theme: 'dark', label: 'Dark', Icon: Moon },
  { theme: 'system', label: 'System', Icon: Monitor },
];

// The menu (Radix, with its positioning) is not part of a visit's start (issue 14): its code is fetched when
// someone reaches for the button (a pointer over it, or focus on it), and not before, so a page that is only
// read never evaluates it.
const loadDropdown = () => import('./theme-dropdown.tsx');
const ThemeDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.ThemeDropdown })));
const fetchDropdown = () => {
  // A failed fetch is tried again by the click that needs it (React.lazy), which reports it.
  loadDropdown().catch(() => {});
};

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
      onPointerEnter={fetchDropdown}
      onFocus={fetchDropdown}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <ThemeDropdown defaultOpen />
    </Suspense>
  );
}
