import { HTTP_METHODS } from '@mocksmith/core/http';
import { useFormContext } from 'react-hook-form';
import { Field, SelectField } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ApiDraft, ApiDraftInput } from '../api/api-draft.ts';

/** API Name, Custom Endpoint (optional) and the method of the API form, each with its message. */
export function ApiIdentityFields({ className }: { className?: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ApiDraftInput, unknown, ApiDraft>();
  return (
    <div className={cn('grid gap-3 sm:grid-cols-[2fr_2fr_auto]', className)}>
      <Field
        label="API Name"
        placeholder="Users API"
        error={errors.name?.message}
        {...register('name')}
      />
      <Field
        label="Custom Endpoint (optional)"
        placeholder="/users/list"
        spellCheck={false}
        autoCapitalize="off"
        className="[&_input]:font-mono"
        error={errors.customEndpoint?.message}
        {...register('customEndpoint')}
      />
      <SelectField label="Method" error={errors.method?.message} {...register('method')}>
        {HTTP_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
