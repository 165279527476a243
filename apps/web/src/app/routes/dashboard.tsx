import { BookOpen, Braces } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function DashboardRoute() {
  useDocumentTitle(pageTitle('Dashboard'));
  const { user } = useAuth();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Welcome back, {user?.username}!</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Your mock APIs, their call counts and your recent activity will be listed here. Until
          then, create an API from the APIs page or read the documentation.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <RouterLink to={paths.dashboardApi} className={buttonClasses('primary')}>
          <Braces className="size-4" aria-hidden="true" />
          Create an API
        </RouterLink>
        <RouterLink to={paths.dashboardDocumentation} className={buttonClasses('secondary')}>
          <BookOpen className="size-4" aria-hidden="true" />
          Documentation
        </RouterLink>
      </div>
    </div>
  );
}
