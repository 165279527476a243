import { lazy, Suspense } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from '../ui/button.tsx';
import { LogoLink } from '../ui/logo.tsx';
import { SkipToMain } from '../ui/skip-to-main.tsx';
import { ThemeToggle } from '../ui/theme-toggle.tsx';

// Only signed-in visitors see it: the public pages load its menu library when one does.
const UserMenu = lazy(() =>
  import('../ui/user-menu.tsx').then((module) => ({ default: module.UserMenu })),
);

const navItems = [
  { to: paths.examples, label: 'Examples' },
  { to: paths.getStarted, label: 'Documentation' },
  { to: paths.roadmap, label: 'Roadmap' },
] as const;

function navLinkClasses({ isActive }: { isActive: boolean }): string {
  return cn(
    'rounded-md px-2 py-1.5 text-sm font-medium transition-colors sm:px-3',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
    isActive
      ? 'text-indigo-700 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );
}

/** The header of every public page: logo, main links, theme toggle, and Login or the user menu. */
export function PublicHeader() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <SkipToMain />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 sm:flex-nowrap sm:py-3">
        <LogoLink to={paths.home} />
        <nav
          aria-label="Main"
          className="order-last -mx-2 flex w-full items-center sm:order-none sm:mx-0 sm:w-auto"
        >
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClasses}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {user ? (
            <>
              {/* On a phone the logo leads there: / sends a signed-in user to the dashboard. */}
              <RouterLink
                to={paths.dashboard}
                className={cn(buttonClasses('secondary', 'sm'), 'max-sm:hidden')}
              >
                Dashboard
              </RouterLink>
              <Suspense fallback={null}>
                <UserMenu />
              </Suspense>
            </>
          ) : (
            <RouterLink to={paths.auth} className={buttonClasses('primary', 'sm')}>
              Login
            </RouterLink>
          )}
        </div>
      </div>
    </header>
  );
}
