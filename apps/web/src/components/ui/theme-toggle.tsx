import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../../lib/theme-provider.tsx';
import { Button } from './button.tsx';

/** Switches between dark and light and stores the choice for the session. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const isDark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label="Toggle dark mode"
      aria-pressed={isDark}
      title={isDark ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={toggleTheme}
      className="w-9 px-0"
    >
      {/* By the page's class, not the state: a prerendered page shows the right icon at once. */}
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
    </Button>
  );
}
