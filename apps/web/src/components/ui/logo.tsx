import { Link as RouterLink } from 'react-router';
import { site } from '../../config/site.ts';

/** The Mocksmith mark: braces on an indigo tile. Decorative; the word next to it names the link. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" className="fill-indigo-600 dark:fill-indigo-500" />
      <path
        d="M9 11 5 16l4 5M23 11l4 5-4 5M18 8l-4 16"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The mark and the product's name, as a link (to / on public pages, /dashboard when signed in). */
export function LogoLink({ to }: { to: string }) {
  return (
    <RouterLink
      to={to}
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <LogoMark className="size-7" />
      {site.name}
    </RouterLink>
  );
}
