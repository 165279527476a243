import { useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { pageTitle } from '../../config/pages.ts';
import { useApis } from '../../features/apis/api/get-apis.ts';
import { ApiForm } from '../../features/apis/components/api-form.tsx';
import { ApiGrid } from '../../features/apis/components/api-grid.tsx';
import { useApiModals } from '../../features/apis/components/api-modals.tsx';
import type { Api } from '../../features/apis/types.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

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
  useDocumentTitle(pageTitle('APIs'));
  const apis = useApis();
  const { actions, modals } = useApiModals();
  const [analysing, setAnalysing] = useState<Api | null>(null);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">APIs</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Write a template with any data type, preview it, and create a live mock API with the
          delay, status code, headers and token you choose.
        </p>
      </div>
      <ApiForm mode="create" />
      <ApiGrid apis={apis.data ?? []} actions={{ ...actions, analytics: setAnalysing }} />
      {modals}
      <ApiAnalyticsDialog api={analysing} onClose={() => setAnalysing(null)} />
    </div>
  );
}
