import { Activity, ChartColumn, FileJson2, FlaskConical, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { generatePath, Link as RouterLink } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { mockOrigin, paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import type { Api } from '../types.ts';
import { exportOpenApi } from '../utils/export-openapi.ts';
import type { ApiActions } from './api-modals.tsx';

/** The texts of the OpenAPI export action. */
export const openApiExportTexts = {
  label: 'Export OpenAPI',
  exporting: 'Exporting...',
  exported: (fileName: string) => `Exported ${fileName}`,
  failed: 'Failed to export the OpenAPI document',
} as const;

/**
 * Test, Edit, Export OpenAPI and Delete for one API; where the list offers analytics, also its
 * Requests (the inspector's page) and Analytics.
 */
export function ApiActionButtons({ api, actions }: { api: Api; actions: ApiActions }) {
  const { analytics } = actions;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => actions.test(api)}>
        <FlaskConical className="size-4" aria-hidden="true" />
        Test
      </Button>
      <Button variant="secondary" size="sm" onClick={() => actions.edit(api)}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
      <ExportOpenApiButton api={api} />
      {analytics ? (
        <>
          <RouterLink
            to={generatePath(paths.dashboardApiRequests, { apiId: api.id })}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Requests of ${api.name}`}
          >
            <Activity className="size-4" aria-hidden="true" />
            Requests
          </RouterLink>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => analytics(api)}
            aria-label={`Analytics of ${api.name}`}
          >
            <ChartColumn className="size-4" aria-hidden="true" />
            Analytics
          </Button>
        </>
      ) : null}
      <Button variant="secondary" size="sm" onClick={() => actions.remove(api)}>
        <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}

/** Downloads the API as `{name}.openapi.json`, the builder loaded on the first click. */
function ExportOpenApiButton({ api }: { api: Api }) {
  const [exporting, setExporting] = useState(false);
  const busy = useRef(false);

  async function handleExport() {
    if (busy.current) return;
    busy.current = true;
    setExporting(true);
    try {
      toast.success(openApiExportTexts.exported(await exportOpenApi(api, mockOrigin())));
    } catch {
      toast.error(openApiExportTexts.failed);
    } finally {
      busy.current = false;
      setExporting(false);
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={handleExport}
      disabled={exporting}
      aria-label={`${openApiExportTexts.label} of ${api.name}`}
    >
      <FileJson2 className="size-4" aria-hidden="true" />
      {exporting ? openApiExportTexts.exporting : openApiExportTexts.label}
    </Button>
  );
}
