import { useEffect } from 'react';
import { proxy, subscribe, useSnapshot } from 'valtio';

export const THEME_STORAGE_KEY = 'order-tracker-theme';
export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

const isTheme = (value: unknown): value is Theme => themes.includes(value as Theme);

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : 'light';
  } catch {
    return 'light';
  }
}

export const themeState = proxy<{ theme: Theme }>({ theme: storedTheme() });

export function setTheme(theme: Theme): void {
  themeState.theme = theme;
}

subscribe(themeState, () => {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, themeState.theme);
  } catch {}
});

const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Keeps the `dark` class on <html> in line with the chosen theme; System follows the OS, live. */
export function useApplyTheme(): void {
  const { theme } = useSnapshot(themeState);
  useEffect(() => {
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && prefersDark().matches);
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    };
    apply();
    if (theme !== 'system') return;
    const media = prefersDark();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
