import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  type Theme,
  toggledTheme,
} from './theme.ts';

/**
 * The theme, kept outside React's state: components read it with `useTheme`, which re-renders
 * them alone when it changes. (A context value that changed would reach every part of the page,
 * and make React drop the prerendered HTML of the parts it has not hydrated yet.)
 */
const listeners = new Set<() => void>();
let choice: { stored: Theme | null; systemDark: boolean } | null = null;

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

function current(): Theme {
  choice ??= { stored: readStoredTheme(), systemDark: systemPrefersDark() };
  return resolveTheme(choice.stored, choice.systemDark);
}

function update(next: Partial<NonNullable<typeof choice>>): void {
  const before = current();
  choice = { ...(choice as NonNullable<typeof choice>), ...next };
  const theme = current();
  if (theme === before) return;
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function toggleTheme(): void {
  const next = toggledTheme(current());
  storeTheme(next);
  update({ stored: next });
}

/**
 * Follows the system preference while nothing is stored (spec section 4). The theme script in
 * index.html has already applied the theme before the first paint.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_SCHEME_QUERY);
    const handleChange = (event: MediaQueryListEvent) => update({ systemDark: event.matches });
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, []);
  return children;
}

/** The current theme and the toggle. A prerendered page is rendered light, then takes it. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, current, () => 'light' as const);
  return { theme, toggleTheme };
}
