import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  type Theme,
  toggledTheme,
} from './theme.ts';

type ThemeContextValue = {
  theme: Theme;
  toggleTheme: () => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/**
 * Holds the theme. The inline script in index.html has already applied it before the first paint;
 * this keeps it in step with the toggle and, while nothing is stored, with the system preference.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Theme | null>(readStoredTheme);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  const theme = resolveTheme(stored, systemDark);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    // Once a choice is stored the system preference no longer matters (spec section 4).
    if (stored || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_SCHEME_QUERY);
    const handleChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    setSystemDark(query.matches);
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, [stored]);

  function toggleTheme() {
    const next = toggledTheme(theme);
    storeTheme(next);
    setStored(next);
  }

  return <ThemeContext value={{ theme, toggleTheme }}>{children}</ThemeContext>;
}

/** The current theme and the toggle; only inside ThemeProvider. */
export function useTheme(): ThemeContextValue {
  const value = use(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
