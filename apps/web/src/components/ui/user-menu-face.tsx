import { ChevronDown } from 'lucide-react';

/** The look of the user menu's button, shared by the menu and its stand-in before it loads. */
export const userMenuTriggerClasses =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-slate-800';

/** What the user menu's button shows: the initial, the name (from sm up) and a chevron. */
export function UserMenuFace({ username }: { username: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white uppercase"
      >
        {username.trim().charAt(0) || '?'}
      </span>
      {/* The name is visible from sm up; the accessible name holds it at every width. */}
      <span className="sr-only">User menu for </span>
      <span className="max-w-40 truncate max-sm:sr-only">{username}</span>
      <ChevronDown className="size-4" aria-hidden="true" />
    </>
  );
}
