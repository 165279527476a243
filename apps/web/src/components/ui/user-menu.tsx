import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Moon, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth, useLogout } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { useTheme } from '../../lib/theme-provider.tsx';
import { UserMenuFace, userMenuTriggerClasses } from './user-menu-face.tsx';

const itemClasses =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-700';

/**
 * The header's user menu (spec): Account, the Dark Mode toggle and Logout. `defaultOpen` opens it
 * as it mounts and `focusTrigger` puts the focus on its button (it took the place of the button
 * of deferred-user-menu.tsx, which the visitor had clicked or focused).
 */
export function UserMenu({
  defaultOpen = false,
  focusTrigger = false,
}: {
  defaultOpen?: boolean;
  focusTrigger?: boolean;
}) {
  const { user } = useAuth();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);
  const logout = useLogout();
  const { theme, toggleTheme } = useTheme();
  const navigate = useNavigate();
  if (!user) return null;

  function handleLogout() {
    // Signed out either way: a failed call only leaves the server's session to expire.
    void logout
      .mutateAsync()
      .catch(() => {})
      .then(() => navigate(paths.auth));
  }

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} className={userMenuTriggerClasses}>
        <UserMenuFace username={user.username} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block truncate text-sm font-semibold">{user.username}</span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
              {user.email}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate(paths.account)}>
            <UserRound className="size-4" aria-hidden="true" />
            Account
          </DropdownMenu.Item>
          <DropdownMenu.CheckboxItem
            className={cn(itemClasses, 'justify-between')}
            checked={theme === 'dark'}
            onCheckedChange={toggleTheme}
            onSelect={(event) => event.preventDefault()}
          >
            <span className="flex items-center gap-2">
              <Moon className="size-4" aria-hidden="true" />
              Dark Mode
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'relative h-5 w-9 rounded-full transition-colors',
                theme === 'dark' ? 'bg-indigo-500' : 'bg-slate-300',
              )}
            >
              <span
                className={cn(
                  'absolute top-0.5 size-4 rounded-full bg-white transition-all',
                  theme === 'dark' ? 'left-4.5' : 'left-0.5',
                )}
              />
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemClasses} onSelect={handleLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
