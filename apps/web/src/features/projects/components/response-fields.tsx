import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ResponseEditor } from '../../../components/response-editor/response-editor.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import type { RouteDraft, RouteDraftInput } from '../utils/route-draft.ts';
import { ResponseTemplateField } from './response-template-field.tsx';

/**
 * One named response of the route editor: its name, then the response editor shared with the
 * API page (status, delay, headers), whether it is the default (one radio group across the
 * responses) and its template. A condition an import set (a header value) is shown and kept.
 */
export function ResponseFields({
  index,
  projectId,
  radioGroup,
  canRemove,
  onRemove,
}: {
  index: number;
  projectId: string;
  /** The name of the Default response radios, one group across the responses. */
  radioGroup: string;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const id = useId();
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<RouteDraftInput, unknown, RouteDraft>();
  const chosen = useWatch({ control, name: 'defaultResponse' });
  const fieldErrors = errors.responses?.[index];
  const when = getValues(`responses.${index}.when`);
  const number = index + 1;

  return (
    <fieldset
      aria-labelledby={`${id}-legend`}
      className="mx-0 min-w-0 space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-legend`} className="font-semibold">
          Response {number}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Remove response ${number}`}
          title={canRemove ? undefined : 'A route needs at least one response'}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
      <ResponseEditor
        prefix={`responses.${index}.`}
        place={{ kind: 'route', number }}
        name={
          <Field
            label={`Name of response ${number}`}
            placeholder="ok"
            autoComplete="off"
            spellCheck={false}
            error={fieldErrors?.name?.message}
            {...register(`responses.${index}.name`)}
          />
        }
      >
        <label className="flex w-fit items-center gap-2 text-sm font-medium">
          {/* Held by the form rather than registered: a removed response renumbers the others. */}
          <input
            type="radio"
            name={radioGroup}
            checked={chosen === String(index)}
            onChange={() => setValue('defaultResponse', String(index), { shouldDirty: true })}
            className="size-4 accent-indigo-600"
          />
          Default response
        </label>
        {when ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Answers when the request’s <code className="font-mono">{when.header}</code> header is{' '}
            <code className="font-mono break-all">{when.equals}</code> (set by the import).
          </p>
        ) : null}
      </ResponseEditor>
      <ResponseTemplateField index={index} projectId={projectId} />
    </fieldset>
  );
}
