import { useQuery } from '@tanstack/react-query';
import { templatesQueryOptions } from '../../features/templates/api/get-templates.ts';
import { ApiEditor } from '../../features/templates/components/api-editor.tsx';
import { ApiGrid } from '../../features/templates/components/api-grid.tsx';
import { useTemplateModals } from '../../features/templates/components/template-modals.tsx';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function DashboardApiRoute() {
  useDocumentTitle(pageTitle('APIs'));
  const { user } = useAuth();
  const templates = useQuery({ ...templatesQueryOptions(user?.userId ?? ''), enabled: !!user });
  const { actions, modals } = useTemplateModals();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">APIs</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Write a template with any data type, preview it, and create a live mock API with the
          delay, status code, headers and token you choose.
        </p>
      </div>
      <ApiEditor />
      <ApiGrid templates={templates.data ?? []} actions={actions} />
      {modals}
    </div>
  );
}
