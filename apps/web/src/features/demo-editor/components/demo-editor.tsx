import { messages } from '@mocksmith/core/errors';
import { HTTP_METHODS, type HttpMethod } from '@mocksmith/core/http';
import { apiMessages } from '@mocksmith/core/texts';
import { Play } from 'lucide-react';
import { useId, useState } from 'react';
import { CreateSuccess } from '../../../components/template-editor/panels/create-success.tsx';
import { PreviewPanel } from '../../../components/template-editor/panels/preview-panel.tsx';
import { TemplateEditorFields } from '../../../components/template-editor/panels/template-editor-fields.tsx';
import { useTemplateEditor } from '../../../components/template-editor/state/use-template-editor.ts';
import { DEFAULT_TEMPLATE_TEXT } from '../../../components/template-editor/text/template-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useCreateDemoApi } from '../api/create-demo-api.ts';

function isHttpMethod(value: string): value is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(value);
}

/**
 * The landing page's demo: a JSON template editor limited to basic types, a preview of the
 * generated data, anonymous creation of a live mock API and download of the preview.
 */
export function DemoEditor() {
  const [text, setText] = useState(DEFAULT_TEMPLATE_TEXT);
  const [method, setMethod] = useState<HttpMethod>('GET');
  const editor = useTemplateEditor({
    text,
    onTextChange: setText,
    invalidJsonMessage: messages.invalidJson,
  });
  const createDemoApi = useCreateDemoApi();
  const methodId = useId();

  function handleCreate() {
    // The Create API button stays enabled (spec): clicks while a creation runs are ignored.
    if (createDemoApi.isPending) return;
    const parsed = editor.parsedTemplate();
    if (!parsed) return;
    createDemoApi.mutate(
      { template: text, method },
      {
        onSuccess: () => editor.announce('API created'),
        onError: (error) => editor.showFailure(error, apiMessages.saveFailed),
      },
    );
  }

  return (
    <div className="grid gap-6 text-slate-900 lg:grid-cols-2 dark:text-slate-100">
      <section aria-labelledby={`${methodId}-title`} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id={`${methodId}-title`} className="text-base font-semibold">
            Template Editor
          </h3>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={methodId} className="text-xs font-medium">
                Method
              </label>
              <select
                id={methodId}
                value={method}
                onChange={(event) => {
                  if (isHttpMethod(event.target.value)) setMethod(event.target.value);
                }}
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              >
                {HTTP_METHODS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
            <Button aria-busy={editor.isGenerating} onClick={editor.handleGenerate}>
              <Play className="size-4" aria-hidden="true" />
              Generate
            </Button>
          </div>
        </div>
        {/* The landing page loads CodeMirror only when the visitor turns to the editor. */}
        <TemplateEditorFields editor={editor} error={editor.error} load="on-interaction" />
      </section>

      <div className="flex min-w-0 flex-col gap-4">
        <PreviewPanel
          preview={editor.preview}
          isGenerating={editor.isGenerating}
          failed={editor.previewFailed}
          isCreating={createDemoApi.isPending}
          onCreate={handleCreate}
          onDownload={editor.handleDownload}
        />
        {createDemoApi.data ? <CreateSuccess url={createDemoApi.data.url} /> : null}
      </div>

      <p role="status" className="sr-only">
        {editor.announcement}
      </p>
    </div>
  );
}
