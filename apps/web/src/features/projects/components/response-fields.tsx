import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { RouteDraft, RouteDraftInput } from '../utils/route-draft.ts';
import { ResponseTemplateField } from './response-template-field.tsx';

/**
 * One named response of the route editor: its name, status, delay, whether it is the default
 * (one radio group across the responses), its headers and its template. A condition an import
 * set (a header value) is shown and kept.
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
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <Field
          label={`Name of response ${number}`}
          placeholder="ok"
          autoComplete="off"
          spellCheck={false}
          error={fieldErrors?.name?.message}
          {...register(`responses.${index}.name`)}
        />
        <Field
          label="Status"
          type="number"
          inputMode="numeric"
          min={200}
          max={599}
          error={fieldErrors?.status?.message}
          {...register(`responses.${index}.status`)}
        />
        <Field
          label="Delay (ms)"
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
          error={fieldErrors?.delay?.message}
          {...register(`responses.${index}.delay`)}
        />
      </div>
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
      <ResponseHeaders index={index} />
      <ResponseTemplateField index={index} projectId={projectId} />
    </fieldset>
  );
}

/** The headers of one response: rows of name and value, each checked beside it. */
function ResponseHeaders({ index }: { index: number }) {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<RouteDraftInput, unknown, RouteDraft>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `responses.${index}.headers`,
  });
  const headerErrors = errors.responses?.[index]?.headers;
  const number = index + 1;

  return (
    <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
      <legend className="text-sm font-semibold">Headers of response {number}</legend>
      {fields.map((field, row) => {
        const nameError = headerErrors?.[row]?.name?.message;
        const valueError = headerErrors?.[row]?.value?.message;
        const nameErrorId = `${id}-${row}-name-error`;
        const valueErrorId = `${id}-${row}-value-error`;
        return (
          <div key={field.id} className="space-y-1">
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <input
                aria-label={`Response ${number} header ${row + 1} name`}
                placeholder="X-Request-Id"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? nameErrorId : undefined}
                className={cn(inputClasses, 'sm:w-2/5')}
                {...register(`responses.${index}.headers.${row}.name`)}
              />
              <input
                aria-label={`Response ${number} header ${row + 1} value`}
                placeholder="value"
                aria-invalid={valueError ? true : undefined}
                aria-describedby={valueError ? valueErrorId : undefined}
                className={inputClasses}
                {...register(`responses.${index}.headers.${row}.value`)}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove response ${number} header ${row + 1}`}
                onClick={() => remove(row)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
            {nameError ? <FieldError id={nameErrorId}>{nameError}</FieldError> : null}
            {valueError ? <FieldError id={valueErrorId}>{valueError}</FieldError> : null}
          </div>
        );
      })}
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Add header to response ${number}`}
        onClick={() => append({ name: '', value: '' })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add header
      </Button>
      {headerErrors?.root?.message || headerErrors?.message ? (
        <FieldError>{headerErrors?.root?.message ?? headerErrors?.message}</FieldError>
      ) : null}
    </fieldset>
  );
}
