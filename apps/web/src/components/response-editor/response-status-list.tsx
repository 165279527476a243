import { STATUS_CODES, STATUS_TEXTS } from '@mocksmith/core/http';
import { apiMessages } from '@mocksmith/core/texts';
import { TriangleAlert } from 'lucide-react';
import { type FieldValues, get, useFormContext, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { SelectField } from '../ui/input.tsx';
import { isErrorStatus } from './status.ts';

/**
 * A stand-alone API's status in the response editor (its `statusList`): the spec's list of codes,
 * and a warning beside it and in a toast from 400. `prefix` is the editor's.
 */
export function ResponseStatusList({ prefix }: { prefix: '' | `responses.${number}.` }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<FieldValues>();
  const error = (get(errors, `${prefix}status`) as { message?: string } | undefined)?.message;
  const status: number = useWatch({ control, name: `${prefix}status` }) ?? 200;
  return (
    <div className="space-y-1">
      <SelectField
        label="Response status code"
        error={error}
        {...register(`${prefix}status`, {
          valueAsNumber: true,
          onChange: (event) => {
            const code = Number(event.target.value);
            if (isErrorStatus(code)) toast.warning(apiMessages.errorStatusWarning(code));
          },
        })}
      >
        {STATUS_CODES.map((code) => (
          <option key={code} value={code}>
            {code} {STATUS_TEXTS[code]}
          </option>
        ))}
      </SelectField>
      {isErrorStatus(status) ? (
        <p className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {apiMessages.errorStatusWarning(status)}
        </p>
      ) : null}
    </div>
  );
}
