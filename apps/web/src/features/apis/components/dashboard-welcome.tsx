import { Plus } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

/** The frame of the dashboard's page (and of its shell's welcome, entry-server.tsx). */
export const dashboardPageClasses = 'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8';

/**
 * The dashboard's welcome (its largest text) and New API: the same for the page and for its
 * shell, which the server fills with a returning user's name.
 */
export function DashboardWelcome({ name, firstSignIn }: { name: string; firstSignIn: boolean }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          {/* The spec's 'Welcome back', but not to someone who was never here before. */}
          {firstSignIn ? 'Welcome' : 'Welcome back'}, {name}!
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Your mock APIs, how often they are called, and what changed lately.
        </p>
      </div>
      <RouterLink to={paths.dashboardApi} className={buttonClasses('primary')}>
        <Plus className="size-4" aria-hidden="true" />
        New API
      </RouterLink>
    </div>
  );
}
