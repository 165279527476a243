import { messages } from '@mocksmith/core/errors';
import { parsePathTemplate } from '@mocksmith/core/projects';
import { Braces, Eye } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { FromSampleButton } from '../../../components/template-editor/from-sample/from-sample-button.tsx';
import { JsonEditor } from '../../../components/template-editor/json-editor/json-editor.tsx';
import { TypeHintsList } from '../../../components/template-editor/panels/type-hints-list.tsx';
import { useCatalogue } from '../../../components/template-editor/state/use-catalogue.ts';
import {
  formatJsonText,
  parseJson,
} from '../../../components/template-editor/text/template-text.ts';
import {
  applyTypeHint,
  templateTypeHints,
} from '../../../components/template-editor/text/type-hints.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { toUserMessage } from '../../../lib/user-message.ts';
import { usePreviewRoute } from '../api/preview-route.ts';
import { projectTexts } from '../texts.ts';
import type { RouteDraft, RouteDraftInput } from '../utils/route-draft.ts';
import { samplePath } from '../utils/sample-request.ts';

/**
 * The template of one response: the editor shared with the API page (CodeMirror with the
 * catalogue's completion inside string values, "did you mean" hints), Format JSON, and Preview,
 * which generates the body for a sample request at the route's path (`/users/1` for
 * `/users/{id}`), so that request references show real values. From a sample replaces the
 * template (the preview of the old one goes with it); the route is saved as usual.
 */
export function ResponseTemplateField({ index, projectId }: { index: number; projectId: string }) {
  const errorId = useId();
  const { control, getValues, setError, clearErrors } = useFormContext<
    RouteDraftInput,
    unknown,
    RouteDraft
  >();
  const { field, fieldState } = useController({ control, name: `responses.${index}.template` });
  const { types, names } = useCatalogue();
  const hints = useMemo(() => templateTypeHints(field.value, names), [field.value, names]);
  const preview = usePreviewRoute();
  const error = fieldState.error?.message;

  function handleFormat() {
    const formatted = formatJsonText(field.value);
    if (formatted === undefined) {
      setError(`responses.${index}.template`, { message: messages.invalidJsonApiPage });
      return;
    }
    field.onChange(formatted);
  }

  function handlePreview() {
    const parsed = parseJson(field.value);
    if (!parsed.ok) {
      setError(`responses.${index}.template`, { message: messages.invalidJsonApiPage });
      return;
    }
    clearErrors(`responses.${index}.template`);
    const path = parsePathTemplate(getValues('path'));
    const routePath = path.ok ? path.value.path : undefined;
    preview.mutate({
      projectId,
      input: {
        template: parsed.value,
        routePath,
        request: {
          method: getValues('method'),
          path: routePath ? samplePath(routePath) : '/',
          query: {},
          headers: {},
        },
      },
    });
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <JsonEditor
        value={field.value}
        onChange={field.onChange}
        label={`Template of response ${index + 1}`}
        errorId={error ? errorId : undefined}
        invalid={error !== undefined}
        completions={types}
        // CodeMirror (a third of the page's script) loads when the field is pointed at or
        // focused: the route editor opens on its plain field, which works meanwhile.
        load="on-interaction"
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
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={handleFormat}
          aria-label={`Format JSON of response ${index + 1}`}
        >
          <Braces className="size-4" aria-hidden="true" />
          Format JSON
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={handlePreview}
          disabled={preview.isPending}
          aria-busy={preview.isPending}
          aria-label={`Preview response ${index + 1}`}
        >
          <Eye className="size-4" aria-hidden="true" />
          {preview.isPending ? 'Generating...' : 'Preview'}
        </Button>
        <FromSampleButton
          label={`From a sample for response ${index + 1}`}
          onAccept={(text) => {
            preview.reset();
            clearErrors(`responses.${index}.template`);
            field.onChange(text);
          }}
        />
      </div>
      {preview.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {toUserMessage(preview.error, projectTexts.previewFailed)}
        </p>
      ) : null}
      {preview.data !== undefined ? (
        <CodeBlock code={preview.data} label={`Preview of response ${index + 1}`} wrap />
      ) : null}
    </div>
  );
}
