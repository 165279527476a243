import type { ImportedApi, SkippedOperation } from '@mocksmith/core';
import { isOpenApiUpload, openApiMessages } from '@mocksmith/core/texts';
import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { OpenApiUpload } from '../../../components/openapi-upload/openapi-upload.tsx';
import { saveJsonFile } from '../../../components/template-editor/text/save-json-file.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  UploadFailedError,
  UploadRateLimitedError,
  useImportOpenApi,
} from '../api/import-openapi.ts';
import { exportFileName, exportFileOf, reportLines } from '../utils/report-text.ts';

/** One failure toast at a time: a second refusal replaces the first rather than stacking. */
const FAILED_TOAST_ID = 'openapi-import-failed';

type Phase = 'idle' | 'processing' | 'rate-limited';

/** The upload form: one file, checked as the server checks its type (by type or extension). */
interface UploadForm {
  file: File | null;
}

/** Counts `seconds` down to zero, once a second; null when not counting. */
function useCountdown(onEnd: () => void) {
  const [left, setLeft] = useState<number | null>(null);
  const end = useRef(onEnd);
  end.current = onEnd;
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      setLeft(null);
      end.current();
      return;
    }
    const timer = setTimeout(() => setLeft((value) => (value === null ? null : value - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/** What a refused upload shows: the server's message (its reason too, when not in it). */
function failureMessage(error: unknown): string {
  if (!(error instanceof UploadFailedError)) return openApiMessages.uploadFailed;
  return error.reason && !error.message.includes(error.reason)
    ? `${error.message}: ${error.reason}`
    : error.message;
}

/**
 * The OpenAPI Import screen (spec section 2): the upload area shared with a project's import
 * (drop or click, .json, .yaml and .yml files), the analysis, the Generated Templates list with
 * each API's import report, the skipped operations, Export and Clear, and the 429 countdown that
 * disables the upload. The file
 * is a react-hook-form field (its type checked before any call), sent by the import mutation.
 */
export function OpenApiImport({ onImported }: { onImported?: () => unknown }) {
  const inputId = useId();
  const [apis, setApis] = useState<ImportedApi[]>([]);
  const [skipped, setSkipped] = useState<SkippedOperation[]>([]);
  const form = useForm<UploadForm>({ defaultValues: { file: null } });
  const { field: fileField } = useController({
    control: form.control,
    name: 'file',
    rules: {
      validate: (file) =>
        (file !== null && isOpenApiUpload(file.name, file.type)) || openApiMessages.invalidFile,
    },
  });
  const [secondsLeft, setSecondsLeft] = useCountdown(() => form.clearErrors());
  const upload = useImportOpenApi({ onImported });
  const phase: Phase = upload.isPending
    ? 'processing'
    : secondsLeft !== null
      ? 'rate-limited'
      : 'idle';
  const disabled = phase !== 'idle';
  const { errors } = form.formState;
  const error = errors.file?.message ?? errors.root?.server?.message ?? null;

  async function handleValid({ file }: UploadForm) {
    if (!file) return;
    try {
      const answer = await upload.mutateAsync(file);
      setApis((current) => [...current, ...answer.apis]);
      setSkipped((current) => [...current, ...answer.skipped]);
      toast.success(openApiMessages.created(answer.apis.length));
    } catch (caught) {
      if (caught instanceof UploadRateLimitedError) {
        form.setError('root.server', { message: openApiMessages.rateLimited });
        setSecondsLeft(caught.seconds);
        toast.error(openApiMessages.rateLimitToast);
        return;
      }
      form.setError('root.server', { message: failureMessage(caught) });
      toast.error(openApiMessages.processFailedToast, { id: FAILED_TOAST_ID });
    }
  }

  function handleInvalid() {
    toast.error(openApiMessages.processFailedToast, { id: FAILED_TOAST_ID });
  }

  function handleFile(file: File) {
    form.clearErrors();
    fileField.onChange(file);
    void form.handleSubmit(handleValid, handleInvalid)();
  }

  function handleExport() {
    const now = new Date();
    saveJsonFile(exportFileOf(apis, now), exportFileName(now));
  }

  function handleClear() {
    setApis([]);
    setSkipped([]);
    if (phase !== 'rate-limited') form.clearErrors();
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-3">
        <h2 id={`${inputId}-heading`} className="text-xl font-semibold">
          Upload a specification
        </h2>
        <OpenApiUpload
          onFile={handleFile}
          disabled={disabled}
          processing={phase === 'processing'}
          testId="openapi-drop-zone"
          onBlur={fileField.onBlur}
          status={
            <>
              {phase === 'processing' ? <p>{openApiMessages.analyzing}</p> : null}
              {phase === 'rate-limited' && secondsLeft !== null ? (
                <p>{openApiMessages.rateLimitCountdown(secondsLeft)}</p>
              ) : null}
            </>
          }
          error={error}
        />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          An OpenAPI 3.0 file (3.1 and Swagger 2.0 work too), JSON or YAML, is expected. Each
          endpoint (path plus method) becomes a template; response examples and schemas are
          extracted when available.
        </p>
      </section>

      {apis.length > 0 || skipped.length > 0 ? (
        <section aria-labelledby={`${inputId}-results`} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${inputId}-results`} className="text-xl font-semibold">
              Generated Templates
            </h2>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={handleExport}
                disabled={apis.length === 0}
              >
                Export
              </Button>
              <Button variant="ghost" size="sm" onClick={handleClear}>
                Clear
              </Button>
            </div>
          </div>
          <ol className="flex flex-col gap-3" aria-label="Generated Templates">
            {apis.map((api, index) => (
              <li
                key={api.id}
                className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{api.name}</h3>
                  <span className="text-sm text-slate-600 dark:text-slate-300">
                    Template #{index + 1}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <code className="min-w-48 flex-1 break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">
                    {api.method} {api.link}
                  </code>
                  <CopyButton text={api.link} label={`Copy the link of ${api.name}`} />
                  <a
                    href={api.link}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
                  >
                    Test API
                    <ExternalLink className="size-4" aria-hidden="true" />
                    <span className="sr-only"> {api.name} (opens in a new tab)</span>
                  </a>
                </div>
                <ul
                  aria-label={`Import report of ${api.name}`}
                  // Paths and field names are long words: they break anywhere rather than widen the page.
                  className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
                >
                  {reportLines(api.report).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {skipped.length > 0 ? (
            <div>
              <h3 className="font-semibold">Skipped operations</h3>
              <ul
                aria-label="Skipped operations"
                className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
              >
                {skipped.map((item) => (
                  <li key={`${item.method} ${item.path} ${item.reason}`}>
                    {item.method} {item.path}: {item.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
