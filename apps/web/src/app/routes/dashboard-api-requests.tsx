import { Link as RouterLink, useParams } from 'react-router';
import { textLinkClasses } from '../../components/ui/text-link.ts';
import { paths } from '../../config/paths.ts';
import { useApis } from '../../features/apis/api/get-apis.ts';
import { InspectorPage } from '../../features/inspector/components/inspector-page.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

/**
 * A stand-alone API's request inspector. The API (its name and URL) comes from the user's list
 * of APIs (the APIs feature's); one that is not in it is not the user's, or is gone.
 */
export default function DashboardApiRequestsRoute() {
  const { apiId = '' } = useParams();
  const apis = useApis();
  const api = apis.data?.find((item) => item.id === apiId);
  useRouteTitle(api?.name);

  if (api) return <InspectorPage api={{ id: api.id, name: api.name, url: api.url }} />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      {apis.isError || apis.data ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Requests</h1>
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {apis.isError
              ? `Your APIs could not be loaded: ${apis.error.message}`
              : 'This API does not exist, or it is not yours.'}
          </p>
          <RouterLink to={paths.dashboardApi} className={textLinkClasses}>
            Back to your APIs
          </RouterLink>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the API...</p>
      )}
    </div>
  );
}
