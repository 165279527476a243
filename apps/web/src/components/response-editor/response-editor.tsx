import { MAX_DELAY_MS } from '@mocksmith/core/limits';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type FieldValues, get, useFieldArray, useFormContext } from 'react-hook-form';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Field, FieldError, inputClasses } from '../ui/input.tsx';

/**
 * Which screen holds the response: a stand-alone API's form (its one response, the API page and
 * the Edit modal) or one of a project route's named responses (the route editor, `number` from 1).
 */
export type ResponseEditorPlace = { kind: 'api' } | { kind: 'route'; number: number };

/** The words of each place, as the screens have always shown them. */
function textsOf(place: ResponseEditorPlace) {
  if (place.kind === 'api') {
    return {
      delay: 'Response delay (ms)',
      headers: 'Custom response headers',
      /** What a header row is called in its labels: `Header 1 name`, `Remove header 1`. */
      header: 'header',
      addHeader: undefined,
    };
  }
  return {
    delay: 'Delay (ms)',
    headers: `Headers of response ${place.number}`,
    header: `response ${place.number} header`,
    addHeader: `Add header to response ${place.number}`,
  };
}

/** A problem react-hook-form holds for a field. */
interface Problem {
  message?: string;
}

/** The problems of a list of header rows: the list's own, and each row's fields'. */
interface HeaderRowProblems extends Problem {
  root?: Problem;
  [row: number]: { name?: Problem; value?: Problem } | undefined;
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * The one editor of a response's answer, shared by a stand-alone API's form and the route
 * editor: its status, its delay and its header rows, in core's words (`status`, `delay`,
 * `headers`) under `prefix` in the form that holds it (`''` for an API's draft,
 * `responses.2.` for a route's third response). Each problem shows beside its field. An API
 * picks its status from the list of codes (`statusList`) and is warned of an error status (400
 * or more); a route's response types it. `name` comes first in the route's row; `children` sit between the
 * row and the headers (the API's authentication, the route's Default response). It renders no
 * box of its own: the screen's section or fieldset spaces its parts.
 */
export function ResponseEditor({
  prefix,
  place,
  name,
  statusList,
  children,
}: {
  prefix: '' | `responses.${number}.`;
  place: ResponseEditorPlace;
  name?: ReactNode;
  /**
   * An API's status field: its `ResponseStatusList` (in a module of its own, so that the route
   * editor, which types its status, loads neither the list nor the API's texts).
   */
  statusList?: ReactNode;
  children?: ReactNode;
}) {
  const texts = textsOf(place);
  const {
    register,
    formState: { errors },
  } = useFormContext<FieldValues>();
  const errorOf = (field: string): string | undefined =>
    (get(errors, `${prefix}${field}`) as Problem | undefined)?.message;

  const delay = (
    <Field
      label={texts.delay}
      type="number"
      inputMode="numeric"
      min={0}
      max={place.kind === 'api' ? MAX_DELAY_MS : undefined}
      step={100}
      error={errorOf('delay')}
      {...register(`${prefix}delay`)}
    />
  );

  return (
    <>
      {place.kind === 'api' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {delay}
          {statusList}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          {name}
          <Field
            label="Status"
            type="number"
            inputMode="numeric"
            min={200}
            max={599}
            error={errorOf('status')}
            {...register(`${prefix}status`)}
          />
          {delay}
        </div>
      )}
      {children}
      <HeaderRows
        prefix={prefix}
        legend={texts.headers}
        legendClassName={
          place.kind === 'api'
            ? 'text-sm font-semibold text-slate-800 dark:text-slate-200'
            : undefined
        }
        header={texts.header}
        addHeader={texts.addHeader}
      />
    </>
  );
}

/** The header rows of a response: name and value, each checked beside it; Add header. */
function HeaderRows({
  prefix,
  legend,
  legendClassName = 'text-sm font-semibold',
  header,
  addHeader,
}: {
  prefix: string;
  legend: string;
  legendClassName?: string;
  header: string;
  addHeader: string | undefined;
}) {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<FieldValues>();
  const name = `${prefix}headers`;
  const { fields, append, remove } = useFieldArray({ control, name });
  const rowErrors = get(errors, name) as HeaderRowProblems | undefined;
  const listError = rowErrors?.root?.message ?? rowErrors?.message;
  const label = capitalized(header);

  return (
    <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
      <legend className={legendClassName}>{legend}</legend>
      {fields.map((field, row) => {
        const nameError = rowErrors?.[row]?.name?.message;
        const valueError = rowErrors?.[row]?.value?.message;
        const nameErrorId = `${id}-${row}-name-error`;
        const valueErrorId = `${id}-${row}-value-error`;
        return (
          <div key={field.id} className="space-y-1">
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <input
                aria-label={`${label} ${row + 1} name`}
                placeholder="X-Request-Id"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? nameErrorId : undefined}
                className={cn(inputClasses, 'sm:w-2/5')}
                {...register(`${name}.${row}.name`)}
              />
              <input
                aria-label={`${label} ${row + 1} value`}
                placeholder="value"
                aria-invalid={valueError ? true : undefined}
                aria-describedby={valueError ? valueErrorId : undefined}
                className={inputClasses}
                {...register(`${name}.${row}.value`)}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${header} ${row + 1}`}
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
        aria-label={addHeader}
        onClick={() => append({ name: '', value: '' })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add header
      </Button>
      {listError ? <FieldError>{listError}</FieldError> : null}
    </fieldset>
  );
}
