import { useReloadApis } from '../../features/apis/api/reload-apis.ts';
import { TemplatesGallery } from '../../features/gallery/components/templates-gallery.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

export default function DashboardTemplatesGalleryRoute() {
  useRouteTitle();
  // A used template becomes one of the user's APIs: their list reloads.
  const reloadApis = useReloadApis();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Templates Gallery</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Browse templates shared by the community and the official ones, like them, and copy one
          into your APIs with Use Template.
        </p>
      </div>
      <TemplatesGallery onUsed={reloadApis} />
    </div>
  );
}
