import { useQueryClient } from '@tanstack/react-query';
import { apisQueryOptions } from '../../features/apis/api/get-apis.ts';
import { OpenApiImport } from '../../features/openapi-import/components/openapi-import.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function DashboardOpenapiRoute() {
  useRouteTitle();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.userId ?? null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">OpenAPI Import</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Upload an OpenAPI file to turn each of its endpoints into a live mock API.
        </p>
      </div>
      <OpenApiImport
        onImported={() => {
          if (userId) void queryClient.invalidateQueries(apisQueryOptions(userId));
        }}
      />
    </div>
  );
}
