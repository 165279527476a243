import { messages } from '@mocksmith/core/errors';
import { HTTP_METHODS, type HttpMethod } from '@mocksmith/core/http';
import { Braces, Play } from 'lucide-react';
import { useId } from 'react';
import { JsonEditor } from '../../../components/json-editor/json-editor.tsx';
import { AddFieldDialog } from '../../../components/template-editor/add-field-dialog.tsx';
import { CreateSuccess } from '../../../components/template-editor/create-success.tsx';
import { FieldTypeButtons } from '../../../components/template-editor/field-type-buttons.tsx';
import { PreviewPanel } from '../../../components/template-editor/preview-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTemplateEditor } from '../../../hooks/use-template-editor.ts';
import { createDemoApi } from '../api/create-demo-api.ts';

function isHttpMethod(value: string): value is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(value);
}

/**
 * The landing page's demo: a JSON template editor limited to basic types, a preview of the
 * generated data, anonymous creation of a live mock API and download of the preview.
 */
export function DemoEditor() {
  const editor = useTemplateEditor({
    create: (template, requestEnum) => createDemoApi({ template, requestEnum }),
    invalidJsonMessage: messages.invalidJson,
  });
  const methodId = useId();
  const errorId = useId();

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
                value={editor.method}
                onChange={(event) => {
                  if (isHttpMethod(event.target.value))
                    editor.handleMethodChange(event.target.value);
                }}
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              >
                {HTTP_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {method}
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

        <JsonEditor
          value={editor.text}
          onChange={editor.handleTextChange}
          label="JSON template"
          errorId={editor.error ? errorId : undefined}
          invalid={editor.error?.invalid}
        />
        {editor.error && (
          <p
            id={errorId}
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
          >
            {editor.error.message}
          </p>
        )}

        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={editor.handleFormat}>
            <Braces className="size-4" aria-hidden="true" />
            Format JSON
          </Button>
          <AddFieldDialog onAdd={editor.handleAddNamedField} />
        </div>
        <FieldTypeButtons onAdd={editor.handleAddTypedField} />
      </section>

      <div className="flex min-w-0 flex-col gap-4">
        <PreviewPanel
          preview={editor.preview}
          isGenerating={editor.isGenerating}
          isCreating={editor.isCreating}
          onCreate={editor.handleCreate}
          onDownload={editor.handleDownload}
        />
        {editor.created && <CreateSuccess result={editor.created} />}
      </div>

      <p role="status" className="sr-only">
        {editor.announcement}
      </p>
    </div>
  );
}
