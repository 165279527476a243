import { describe, expect, it } from 'vitest';
import { parseStoredTheme, resolveTheme, THEME_STORAGE_KEY, toggledTheme } from './theme.ts';

describe('resolveTheme', () => {
  it('uses the stored choice whatever the system prefers', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('follows the system preference when nothing is stored', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
  });
});

describe('parseStoredTheme', () => {
  it('reads dark and light', () => {
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme('light')).toBe('light');
  });

  it('treats anything else as nothing stored', () => {
    expect(parseStoredTheme(null)).toBeNull();
    expect(parseStoredTheme(undefined)).toBeNull();
    expect(parseStoredTheme('')).toBeNull();
    expect(parseStoredTheme('Dark')).toBeNull();
    expect(parseStoredTheme('system')).toBeNull();
  });
});

describe('toggledTheme', () => {
  it('switches between dark and light', () => {
    expect(toggledTheme('dark')).toBe('light');
    expect(toggledTheme('light')).toBe('dark');
  });
});

it('stores the choice under the session-storage key theme', () => {
  expect(THEME_STORAGE_KEY).toBe('theme');
});
