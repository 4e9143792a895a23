import { Monitor, Moon, Sun } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/ui/button.tsx';
import { themeState } from '../../lib/theme.ts';

// The Radix menu (popper, focus and dismiss layers) is not part of the first load: until it arrives (a few
// ms after the first paint) the same button is shown.
const ThemeMenuDropdown = lazy(() =>
  import('./theme-menu-dropdown.tsx').then((m) => ({ default: m.ThemeMenuDropdown })),
);

const icons = { light: Sun, dark: Moon, system: Monitor } as const;

function ThemeButton() {
  const { theme } = useSnapshot(themeState);
  const Current = icons[theme] ?? Sun;
  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" title="Theme">
      <Current aria-hidden="true" className="h-5 w-5" />
    </Button>
  );
}

export function ThemeMenu() {
  return (
    <Suspense fallback={<ThemeButton />}>
      <ThemeMenuDropdown />
    </Suspense>
  );
}
