import { Monitor, Moon, Sun } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/ui/button.tsx';
import { useAfterFirstRender } from '../../lib/after-first-render.ts';
import { type Theme, themeState } from '../../lib/theme.ts';

export const themeChoices: { theme: Theme; label: string; Icon: typeof Sun }[] = [
  { theme: 'light', label: 'Light', Icon: Sun },
  { theme: 'dark', label: 'Dark', Icon: Moon },
  { theme: 'system', label: 'System', Icon: Monitor },
];

// The menu (Radix, with its positioning) is not part of the first visit's JavaScript (issue 14).
const ThemeDropdown = lazy(() => import('./theme-dropdown.tsx').then((m) => ({ default: m.ThemeDropdown })));

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
 * The same button stands in until the menu's chunk (requested once the first view is on screen) has arrived; a click on it
 * meanwhile is kept, and the menu opens as soon as it is there, so no early click is lost.
 */
export function ThemeMenu() {
  const [openAtStart, setOpenAtStart] = useState(false);
  const ready = useAfterFirstRender();
  const button = <ThemeButton aria-haspopup="menu" aria-expanded={openAtStart} onClick={() => setOpenAtStart(true)} />;
  if (!ready) return button;
  return (
    <Suspense fallback={button}>
      <ThemeDropdown defaultOpen={openAtStart} />
    </Suspense>
  );
}
