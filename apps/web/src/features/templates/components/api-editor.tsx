import { messages } from '@mocksmith/core/errors';
import { apiMessages } from '@mocksmith/core/schemas';
import type { DataTypeInfo } from '@mocksmith/core/types-info';
import { Braces, Download, Play, Rocket } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { JsonEditor } from '../../../components/json-editor/json-editor.tsx';
import { AddFieldDialog } from '../../../components/template-editor/add-field-dialog.tsx';
import { CreateSuccess } from '../../../components/template-editor/create-success.tsx';
import { FieldTypeButtons } from '../../../components/template-editor/field-type-buttons.tsx';
import { PreviewPanel } from '../../../components/template-editor/preview-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTemplateEditor } from '../../../hooks/use-template-editor.ts';
import { addNamedField } from '../../../lib/template-text/template-text.ts';
import { useTemplateMutations } from '../api/save-template.ts';
import { useCatalogue } from '../hooks/use-catalogue.ts';
import { type ApiFormErrors, checkApiForm } from '../utils/api-form.ts';
import { type ApiOptions, DEFAULT_API_OPTIONS } from '../utils/api-options.ts';
import { saveError } from '../utils/save-error.ts';
import { templateTypeHints } from '../utils/type-hints.ts';
import { ApiIdentityFields } from './api-identity-fields.tsx';
import { MoreTypesPicker } from './more-types-picker.tsx';
import { OptionsPanel } from './options-panel.tsx';
import { TypeHintsList } from './type-hints-list.tsx';

/**
 * The API page's editor: the Create New API bar (name, custom endpoint, method, Generate,
 * Create API, Download), the template with autocompletion and type hints, the type buttons and
 * the More Types picker, the preview, the Options panel and the success banner.
 */
export function ApiEditor() {
  const { create } = useTemplateMutations();
  const { types, names } = useCatalogue();
  const [name, setName] = useState('');
  const [customEndpoint, setCustomEndpoint] = useState('');
  const [options, setOptions] = useState<ApiOptions>(DEFAULT_API_OPTIONS);
  const [errors, setErrors] = useState<ApiFormErrors>({});
  const errorId = useId();

  const editor = useTemplateEditor({
    invalidJsonMessage: messages.invalidJsonApiPage,
    async create(template, requestEnum) {
      const checked = checkApiForm({ name, customEndpoint, template, options });
      if (!checked.ok) {
        setErrors(checked.errors);
        const first = Object.values(checked.errors)[0];
        if (first) toast.error(first);
        return null;
      }
      setErrors({});
      try {
        return await create.mutateAsync({ template, requestEnum, ...checked.value });
      } catch (error) {
        const problem = saveError(error, apiMessages.saveFailed);
        toast.error(problem.message);
        if (problem.field !== 'customEndpoint') throw error;
        setErrors({ customEndpoint: problem.message });
        return null;
      }
    },
  });
  const hints = useMemo(() => templateTypeHints(editor.text, names), [editor.text, names]);
  const templateError = errors.template ?? editor.error?.message;

  function handlePick(type: DataTypeInfo) {
    const stem = type.name.split('.').at(-1) ?? type.name;
    const result = addNamedField(editor.text, stem, type.name);
    if (result.ok) editor.setText(result.text);
    else toast.error('Failed to add field');
  }

  return (
    <div className="space-y-6">
      <section
        aria-labelledby={`${errorId}-bar`}
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={`${errorId}-bar`} className="text-lg font-semibold">
          Create New API
        </h2>
        <ApiIdentityFields
          value={{ name, customEndpoint, method: editor.method }}
          onChange={(next) => {
            setName(next.name);
            setCustomEndpoint(next.customEndpoint);
            editor.handleMethodChange(next.method);
            if (errors.name || errors.customEndpoint) {
              setErrors({ ...errors, name: undefined, customEndpoint: undefined });
            }
          }}
          errors={{ name: errors.name, customEndpoint: errors.customEndpoint }}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-busy={editor.isGenerating}
            onClick={editor.handleGenerate}
          >
            <Play className="size-4" aria-hidden="true" />
            Generate
          </Button>
          <Button
            aria-busy={editor.isCreating}
            disabled={editor.isCreating}
            onClick={editor.handleCreate}
          >
            <Rocket className="size-4" aria-hidden="true" />
            {editor.isCreating ? 'Creating...' : 'Create API'}
          </Button>
          <Button variant="secondary" onClick={editor.handleDownload}>
            <Download className="size-4" aria-hidden="true" />
            Download
          </Button>
        </div>
        {editor.created ? <CreateSuccess result={editor.created} /> : null}
      </section>

      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-label="Template" className="flex min-w-0 flex-col gap-3">
          <JsonEditor
            value={editor.text}
            onChange={(next) => {
              editor.handleTextChange(next);
              if (errors.template) setErrors({ ...errors, template: undefined });
            }}
            label="JSON template"
            errorId={templateError ? errorId : undefined}
            invalid={templateError !== undefined}
            completions={types}
          />
          {templateError ? (
            <p
              id={errorId}
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
            >
              {templateError}
            </p>
          ) : null}
          <TypeHintsList
            hints={hints}
            onApply={(hint) =>
              editor.setText(editor.text.replaceAll(`"${hint.value}"`, `"${hint.suggestion}"`))
            }
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={editor.handleFormat}>
              <Braces className="size-4" aria-hidden="true" />
              Format JSON
            </Button>
            <AddFieldDialog onAdd={editor.handleAddNamedField} />
            <MoreTypesPicker types={types} onPick={handlePick} />
          </div>
          <FieldTypeButtons onAdd={editor.handleAddTypedField} />
        </section>
        <div className="flex min-w-0 flex-col gap-6">
          <PreviewPanel preview={editor.preview} isGenerating={editor.isGenerating} />
          <OptionsPanel value={options} onChange={setOptions} errors={errors} />
        </div>
      </div>
      <p role="status" className="sr-only">
        {editor.announcement}
      </p>
    </div>
  );
}
