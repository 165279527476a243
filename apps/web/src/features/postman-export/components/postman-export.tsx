import { Download, FileJson } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { mockOrigin, paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { postmanTexts } from '../texts.ts';
import type { ExportableApi } from '../types.ts';
import { exportCollection } from '../utils/export-collection.ts';
import { exportOpenApiDocument } from '../utils/export-openapi-document.ts';
import { searchExportableApis } from '../utils/search.ts';
import { ExportApiCard } from './export-api-card.tsx';
import { ImportSteps } from './import-steps.tsx';

/**
 * The Postman Export screen: a collection name, the user's APIs to pick from (searched, with
 * select all / none acting on what the search shows), Download, and how to import the file.
 */
export function PostmanExport({
  apis,
  isPending,
  isError,
}: {
  /** The user's APIs, once loaded. */
  apis: readonly ExportableApi[] | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  const [name, setName] = useState<string>(postmanTexts.defaultCollectionName);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [exporting, setExporting] = useState<'postman' | 'openapi' | null>(null);
  const busy = useRef(false);
  const listId = useId();

  const all = apis ?? [];
  const shown = searchExportableApis(all, search);
  const chosen = all.filter((api) => selected.has(api.id));

  function handleToggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function handleSelectAll() {
    setSelected((current) => new Set([...current, ...shown.map((api) => api.id)]));
  }

  function handleSelectNone() {
    const hidden = new Set(shown.map((api) => api.id));
    setSelected((current) => new Set([...current].filter((id) => !hidden.has(id))));
  }

  /** Checks the selection and the name (in the spec's order), then exports them as `kind`. */
  async function handleExport(kind: 'postman' | 'openapi') {
    if (busy.current) return;
    if (chosen.length === 0) {
      toast.error(postmanTexts.selectAtLeastOne);
      return;
    }
    const collectionName = name.trim();
    if (collectionName === '') {
      toast.error(postmanTexts.nameRequired);
      return;
    }
    busy.current = true;
    setExporting(kind);
    try {
      if (kind === 'postman') {
        await exportCollection(chosen, collectionName, mockOrigin());
        toast.success(postmanTexts.exported(chosen.length));
      } else {
        await exportOpenApiDocument(chosen, collectionName, mockOrigin());
        toast.success(postmanTexts.openApiExported(chosen.length));
      }
    } catch {
      toast.error(
        kind === 'postman' ? postmanTexts.exportFailed : postmanTexts.openApiExportFailed,
      );
    } finally {
      busy.current = false;
      setExporting(null);
    }
  }

  const downloadButton = (
    <Button
      onClick={() => handleExport('postman')}
      disabled={exporting !== null}
      className="w-full sm:w-auto"
    >
      <Download className="size-4" aria-hidden="true" />
      {exporting === 'postman' ? postmanTexts.exporting : 'Download'}
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Collection"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <Field
          label="Collection Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        {downloadButton}
        <Button
          variant="secondary"
          onClick={() => handleExport('openapi')}
          disabled={exporting !== null}
          aria-busy={exporting === 'openapi'}
          className="w-full sm:w-auto"
        >
          <FileJson className="size-4" aria-hidden="true" />
          Download OpenAPI
        </Button>
      </section>

      <section aria-labelledby={`${listId}-title`} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${listId}-title`} className="text-lg font-semibold">
            Your APIs
          </h2>
          {all.length > 0 ? (
            <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
              {chosen.length} of {all.length} selected
            </p>
          ) : null}
        </div>
        {isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading your APIs...</p>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {postmanTexts.loadFailed}
          </p>
        ) : all.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="font-medium">{postmanTexts.noApis}</p>
            <RouterLink to={paths.dashboardApi} className={buttonClasses('primary')}>
              Create an API
            </RouterLink>
          </div>
        ) : (
          <>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <SearchInput
                value={search}
                onChange={setSearch}
                label="Search APIs"
                placeholder="Name, method, request id or endpoint"
                className="min-w-0 flex-1"
              />
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  onClick={handleSelectAll}
                  disabled={shown.length === 0}
                  className="flex-1 sm:flex-none"
                >
                  Select all
                </Button>
                <Button
                  variant="secondary"
                  onClick={handleSelectNone}
                  disabled={shown.length === 0}
                  className="flex-1 sm:flex-none"
                >
                  Select none
                </Button>
              </div>
            </div>
            {shown.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm dark:border-slate-700">
                {postmanTexts.noMatch}
              </p>
            ) : (
              // grid-cols-1 (minmax(0, 1fr)): a card's long URL must not widen the column.
              <ul aria-label="APIs to export" className="grid grid-cols-1 gap-3 md:grid-cols-2">
                {shown.map((api) => (
                  <li key={api.id} className="min-w-0">
                    <ExportApiCard
                      api={api}
                      selected={selected.has(api.id)}
                      onToggle={handleToggle}
                    />
                  </li>
                ))}
              </ul>
            )}
            <div className="flex justify-end">{downloadButton}</div>
          </>
        )}
      </section>

      <ImportSteps />
    </div>
  );
}
