import { useDeferredValue, useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { useApis } from '../../features/apis/api/get-apis.ts';
import { ApiForm } from '../../features/apis/components/api-form.tsx';
import { ApiGrid } from '../../features/apis/components/api-grid.tsx';
import { useApiModals } from '../../features/apis/components/api-modals.tsx';
import { ApiPageIntro, apiPageClasses } from '../../features/apis/components/api-page-intro.tsx';
import type { Api } from '../../features/apis/types.ts';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

/** An API's analytics (and their chart library), loaded when first opened. */
const ApiAnalyticsDialog = lazyDialog<{
  api: { id: string; name: string } | null;
  onClose: () => void;
}>(
  () =>
    import('../../features/analytics/components/api-analytics-dialog.tsx').then(
      (module) => module.ApiAnalyticsDialog,
    ),
  (props) => props.api !== null,
);

/**
 * The API page: the Create New API bar and the grid of the user's APIs, each with its Requests
 * (the inspector's page) and its Analytics (the analytics feature's section, in a dialog).
 */
export default function DashboardApiRoute() {
  useRouteTitle();
  const apis = useApis();
  // The grid renders in the background, in slices, rather than in the task the answer came in.
  const apiData = useDeferredValue(apis.data);
  const { actions, modals } = useApiModals();
  const [analysing, setAnalysing] = useState<Api | null>(null);
  return (
    <div className={apiPageClasses}>
      <ApiPageIntro />
      <ApiForm mode="create" />
      <ApiGrid apis={apiData ?? []} actions={{ ...actions, analytics: setAnalysing }} />
      {modals}
      <ApiAnalyticsDialog api={analysing} onClose={() => setAnalysing(null)} />
    </div>
  );
}
