import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ApiDraft, ApiDraftInput } from '../api/api-draft.ts';

/** The Custom response headers of the API form: rows of name and value, each checked beside it. */
export function CustomHeadersFields() {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ApiDraftInput, unknown, ApiDraft>();
  const { fields, append, remove } = useFieldArray({ control, name: 'customHeaders' });
  const listError = errors.customHeaders?.message ?? errors.customHeaders?.root?.message;

  return (
    <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
      <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        Custom response headers
      </legend>
      {fields.map((field, index) => {
        const rowErrors = errors.customHeaders?.[index];
        const nameError = rowErrors?.name?.message;
        const valueError = rowErrors?.value?.message;
        const nameErrorId = `${id}-${index}-name-error`;
        const valueErrorId = `${id}-${index}-value-error`;
        return (
          <div key={field.id} className="space-y-1">
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <input
                aria-label={`Header ${index + 1} name`}
                placeholder="X-Request-Id"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? nameErrorId : undefined}
                className={cn(inputClasses, 'sm:w-2/5')}
                {...register(`customHeaders.${index}.name`)}
              />
              <input
                aria-label={`Header ${index + 1} value`}
                placeholder="value"
                aria-invalid={valueError ? true : undefined}
                aria-describedby={valueError ? valueErrorId : undefined}
                className={inputClasses}
                {...register(`customHeaders.${index}.value`)}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove header ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
            {nameError ? <FieldError id={nameErrorId}>{nameError}</FieldError> : null}
            {valueError ? <FieldError id={valueErrorId}>{valueError}</FieldError> : null}
          </div>
        );
      })}
      <Button variant="secondary" size="sm" onClick={() => append({ name: '', value: '' })}>
        <Plus className="size-4" aria-hidden="true" />
        Add header
      </Button>
      {listError ? <FieldError>{listError}</FieldError> : null}
    </fieldset>
  );
}
