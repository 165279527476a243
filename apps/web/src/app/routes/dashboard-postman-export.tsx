import { useEffect } from 'react';
import { useApis } from '../../features/apis/api/get-apis.ts';
import { PostmanExport } from '../../features/postman-export/components/postman-export.tsx';
import { postmanTexts } from '../../features/postman-export/texts.ts';
import { useRouteTitle } from '../../hooks/use-document-title.ts';
import { toast } from '../../lib/toast.ts';

export default function DashboardPostmanExportRoute() {
  useRouteTitle();
  const apis = useApis();

  useEffect(() => {
    if (apis.isError) toast.error(postmanTexts.loadFailed);
  }, [apis.isError]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Postman Export</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Pick your mock APIs and download them as a Postman collection, with their tokens, an
          example response and tests for each.
        </p>
      </div>
      <PostmanExport apis={apis.data} isPending={apis.isPending} isError={apis.isError} />
    </div>
  );
}
