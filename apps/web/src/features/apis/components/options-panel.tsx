import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ResponseEditor } from '../../../components/response-editor/response-editor.tsx';
import { ResponseStatusList } from '../../../components/response-editor/response-status-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { FieldError } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { generateAuthToken } from '../../../lib/auth-token.ts';
import type { ApiDraft, ApiDraftInput } from '../api/api-draft.ts';
import { SharingFields } from './sharing-fields.tsx';

/**
 * The Options panel of the API form: the response editor shared with the route editor (delay,
 * status code with its warning from 400, custom response headers) around the bearer-token
 * authentication, then public sharing with category, description and tags. Every field is the form's; each shows its problem beside it.
 */
export function OptionsPanel() {
  const id = useId();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<ApiDraftInput, unknown, ApiDraft>();
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

      <ResponseEditor
        prefix=""
        place={{ kind: 'api' }}
        statusList={<ResponseStatusList prefix="" />}
      >
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
      </ResponseEditor>
      <SharingFields />
    </section>
  );
}
