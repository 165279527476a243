import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useApis } from '../../features/apis/api/get-apis.ts';
import { useHistory } from '../../features/apis/api/get-history.ts';
import { ApiFiltersBar } from '../../features/apis/components/api-filters-bar.tsx';
import { ApiList } from '../../features/apis/components/api-list.tsx';
import { useApiModals } from '../../features/apis/components/api-modals.tsx';
import {
  DashboardWelcome,
  dashboardPageClasses,
} from '../../features/apis/components/dashboard-welcome.tsx';
import { QuickStartGuide } from '../../features/apis/components/quick-start-guide.tsx';
import { RecentActivity } from '../../features/apis/components/recent-activity.tsx';
import { filterApis, hasFilters, NO_FILTERS } from '../../features/apis/utils/filters.ts';
import { useRouteTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function DashboardRoute() {
  useRouteTitle();
  const { user } = useAuth();
  const apis = useApis();
  const history = useHistory();
  // The lists render in the background, in slices, rather than in the task their answer came in.
  const apiData = useDeferredValue(apis.data);
  const historyData = useDeferredValue(history.data);
  const [filters, setFilters] = useState(NO_FILTERS);
  const { actions, modals } = useApiModals();
  const all = apiData ?? [];
  const shown = filterApis(all, filters);

  return (
    <div className={dashboardPageClasses}>
      <DashboardWelcome name={user?.username ?? ''} firstSignIn={user?.firstSignIn === true} />
      <QuickStartGuide />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="apis-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="apis-title" className="text-lg font-semibold">
            Your APIs
          </h2>
          <ApiFiltersBar value={filters} onChange={setFilters} />
          {apis.isPending || (apis.isSuccess && apiData === undefined) ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Loading your APIs...</p>
          ) : apis.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Your APIs could not be loaded: {apis.error.message}
            </p>
          ) : all.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
              <p className="font-medium">No templates found</p>
              <RouterLink to={paths.dashboardApi} className={buttonClasses('primary')}>
                Create your first template
              </RouterLink>
            </div>
          ) : shown.length === 0 && hasFilters(filters) ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm dark:border-slate-700">
              No APIs match your search criteria
            </p>
          ) : (
            <ApiList apis={shown} actions={actions} />
          )}
        </section>
        <RecentActivity
          entries={historyData}
          isLoading={history.isPending || (history.isSuccess && historyData === undefined)}
        />
      </div>
      {modals}
    </div>
  );
}
