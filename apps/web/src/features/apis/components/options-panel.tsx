import { STATUS_CODES, STATUS_TEXTS } from '@mocksmith/core/http';
import { MAX_DELAY_MS } from '@mocksmith/core/limits';
import { apiMessages } from '@mocksmith/core/texts';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Field, FieldError, SelectField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { generateAuthToken } from '../../../lib/auth-token.ts';
import { toast } from '../../../lib/toast.ts';
import type { ApiDraft, ApiDraftInput } from '../api/api-draft.ts';
import { isErrorStatus } from '../utils/api-options.ts';
import { CustomHeadersFields } from './custom-headers-fields.tsx';
import { SharingFields } from './sharing-fields.tsx';

/**
 * The Options panel of the API form: delay, status code (warning from 400), bearer-token
 * authentication, custom response headers, and public sharing with category, description and
 * tags. Every field is the form's; each shows its problem beside it.
 */
export function OptionsPanel() {
  const id = useId();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<ApiDraftInput, unknown, ApiDraft>();
  const httpCode = useWatch({ control, name: 'httpCode' }) ?? 200;
  const authToken = useWatch({ control, name: 'authToken' }) ?? null;
  const tokenErrorId = `${id}-token-error`;

  function setToken(next: string | null) {
    setValue('authToken', next, {
      shouldDirty: true,
      shouldValidate: errors.authToken !== undefined,
    });
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Options
      </h3>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Response delay (ms)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_DELAY_MS}
          step={100}
          error={errors.delay?.message}
          {...register('delay')}
        />
        <div className="space-y-1">
          <SelectField
            label="Response status code"
            error={errors.httpCode?.message}
            {...register('httpCode', {
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
          {isErrorStatus(httpCode) ? (
            <p className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {apiMessages.errorStatusWarning(httpCode)}
            </p>
          ) : null}
        </div>
      </div>

      <div className="space-y-2">
        <Switch
          checked={authToken !== null}
          // Spec: enabling generates a token if there is none; disabling sets it to null.
          onChange={(enabled) => setToken(enabled ? (authToken ?? generateAuthToken()) : null)}
          label="Require authentication"
          description="Callers must send Authorization: Bearer and this token."
        />
        {authToken !== null ? (
          <div className="flex flex-wrap items-center gap-2 pl-14">
            <code
              aria-describedby={errors.authToken ? tokenErrorId : undefined}
              className="min-w-0 break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs dark:bg-slate-900"
            >
              {authToken}
            </code>
            <CopyButton text={authToken} label="Copy token" />
            <Button variant="ghost" size="sm" onClick={() => setToken(generateAuthToken())}>
              <RefreshCw className="size-4" aria-hidden="true" />
              New token
            </Button>
          </div>
        ) : null}
        {errors.authToken?.message ? (
          <FieldError id={tokenErrorId}>{errors.authToken.message}</FieldError>
        ) : null}
      </div>

      <CustomHeadersFields />
      <SharingFields />
    </section>
  );
}
