/** The two themes of the app. */
export type Theme = 'dark' | 'light';

/** Session-storage key holding the visitor's explicit choice (spec section 3). */
export const THEME_STORAGE_KEY = 'theme';

/** The media query the theme follows while nothing is stored. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** Reads a stored value back as a theme; anything else counts as "nothing stored". */
export function parseStoredTheme(value: string | null | undefined): Theme | null {
  return value === 'dark' || value === 'light' ? value : null;
}

/** The theme to show: the stored choice when there is one, otherwise the system preference. */
export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  if (stored) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

/** The theme the toggle switches to from `current`. */
export function toggledTheme(current: Theme): Theme {
  return current === 'dark' ? 'light' : 'dark';
}

/** Reads the stored theme; private modes may throw on storage access, which counts as unset. */
export function readStoredTheme(): Theme | null {
  try {
    return parseStoredTheme(window.sessionStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Stores the visitor's explicit choice for this session. */
export function storeTheme(theme: Theme): void {
  try {
    window.sessionStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the choice lasts until the next reload.
  }
}

/** Puts the theme on <html>: the `dark` class (Tailwind's dark variant) and the color scheme. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
