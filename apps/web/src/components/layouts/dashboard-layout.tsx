import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  Braces,
  FileUp,
  FolderTree,
  LayoutDashboard,
  LayoutGrid,
  type LucideIcon,
  PanelLeftClose,
  PanelLeftOpen,
  Send,
  ShieldCheck,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { meQueryOptions, useAuth } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { readSidebarCollapsed, storeSidebarCollapsed } from '../../lib/sidebar-state.ts';
import { DeferredUserMenu } from '../ui/deferred-user-menu.tsx';
import { LogoLink } from '../ui/logo.tsx';
import { SkipToMain } from '../ui/skip-to-main.tsx';

type SidebarItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

const sidebarItems: SidebarItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: paths.dashboardApi, label: 'APIs', icon: Braces },
  { to: paths.dashboardProjects, label: 'Projects', icon: FolderTree },
  { to: paths.dashboardTemplatesGallery, label: 'Templates Gallery', icon: LayoutGrid },
  { to: paths.dashboardOpenapi, label: 'OpenAPI', icon: FileUp },
  { to: paths.dashboardPostmanExport, label: 'Postman Export', icon: Send },
  { to: paths.dashboardDocumentation, label: 'Documentation', icon: BookOpen },
];

/**
 * Shown only to an administrator, as the server last said (the server still decides on every
 * call): the session's user is asked again at each page of the dashboard.
 */
const adminItem: SidebarItem = { to: paths.admin, label: 'Admin', icon: ShieldCheck };

/**
 * Asks the server for the session's user again at each page the dashboard opens after its first
 * (the login guard asks on entry and stores the answer): an account made administrator, or no
 * longer one, while signed in sees its sidebar follow at the next page, without signing in again.
 */
function useFreshUserOnEachPage() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = '';
    void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  }, [pathname, queryClient]);
}

/**
 * The signed-in chrome: a header with the user menu, and the sidebar, which collapses to icons
 * (its state kept for the session; on a phone it always shows icons only).
 */
export function DashboardLayout() {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const { user } = useAuth();
  const items = user?.isAdmin === true ? [...sidebarItems, adminItem] : sidebarItems;
  useFreshUserOnEachPage();

  function handleToggle() {
    setCollapsed((value) => {
      storeSidebarCollapsed(!value);
      return !value;
    });
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <SkipToMain />
        <div className="flex h-14 items-center justify-between gap-4 px-4">
          <LogoLink to={paths.dashboard} />
          <DeferredUserMenu />
        </div>
      </header>
      <div className="flex flex-1">
        <nav
          aria-label="Dashboard"
          className={cn(
            'sticky top-[calc(3.5rem+1px)] flex h-[calc(100dvh-3.5rem-1px)] shrink-0 flex-col gap-1 border-r border-slate-200 bg-slate-50 p-2 dark:border-slate-800 dark:bg-slate-900',
            collapsed ? 'w-14' : 'w-14 md:w-56',
          )}
        >
          <button
            type="button"
            onClick={handleToggle}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className="mb-1 hidden h-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:flex md:self-end md:px-2.5 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {collapsed ? (
              <PanelLeftOpen className="size-5" aria-hidden="true" />
            ) : (
              <PanelLeftClose className="size-5" aria-hidden="true" />
            )}
          </button>
          <ul className="flex flex-col gap-1">
            {items.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  title={label}
                  className={({ isActive }) =>
                    cn(
                      'flex h-10 items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                      isActive
                        ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
                        : 'text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  <span className={cn('truncate', collapsed ? 'sr-only' : 'max-md:sr-only')}>
                    {label}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
