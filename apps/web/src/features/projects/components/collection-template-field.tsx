import { messages } from '@mocksmith/core/errors';
import { Braces } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { JsonEditor } from '../../../components/template-editor/json-editor/json-editor.tsx';
import { TypeHintsList } from '../../../components/template-editor/panels/type-hints-list.tsx';
import { useCatalogue } from '../../../components/template-editor/state/use-catalogue.ts';
import { formatJsonText } from '../../../components/template-editor/text/template-text.ts';
import {
  applyTypeHint,
  templateTypeHints,
} from '../../../components/template-editor/text/type-hints.ts';
import { Button } from '../../../components/ui/button.tsx';
import { projectTexts } from '../texts.ts';
import type { CollectionForm, CollectionFormInput } from '../utils/collection-form.ts';

/**
 * The record template of a collection: the template editor the route editor uses (CodeMirror with
 * the catalogue's completion inside string values, "did you mean" hints) and Format JSON. Its
 * error (a refusal of the form or of the server) shows under it, named by the editor.
 */
export function CollectionTemplateField() {
  const errorId = useId();
  const { control, setError } = useFormContext<CollectionFormInput, unknown, CollectionForm>();
  const { field, fieldState } = useController({ control, name: 'template' });
  const { types, names } = useCatalogue();
  const hints = useMemo(() => templateTypeHints(field.value, names), [field.value, names]);
  const error = fieldState.error?.message;

  function handleFormat() {
    const formatted = formatJsonText(field.value);
    if (formatted === undefined) {
      setError('template', { message: messages.invalidJsonApiPage });
      return;
    }
    field.onChange(formatted);
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {/* The editor's accessible name is its aria-label; this is the same words, seen. */}
      <span className="text-sm font-medium" aria-hidden="true">
        Record template
      </span>
      <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
        {projectTexts.recordTemplateHint}
      </p>
      <JsonEditor
        value={field.value}
        onChange={field.onChange}
        label="Record template"
        errorId={error ? errorId : undefined}
        invalid={error !== undefined}
        completions={types}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 [overflow-wrap:anywhere] dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
      <TypeHintsList
        hints={hints}
        onApply={(value, name) => field.onChange(applyTypeHint(field.value, value, name))}
      />
      <Button variant="secondary" size="sm" className="w-fit" onClick={handleFormat}>
        <Braces className="size-4" aria-hidden="true" />
        Format JSON
      </Button>
    </div>
  );
}
