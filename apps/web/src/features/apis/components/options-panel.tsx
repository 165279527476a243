import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ResponseEditor } from '../../../components/response-editor/response-editor.tsx';
import { ResponseStatusList } from '../../../components/response-editor/response-status-list.tsx';
import { TokenField } from '../../../components/token-field.tsx';
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
        {/* Spec: enabling generates a token if there is none; disabling sets it to null. */}
        <TokenField
          value={authToken}
          onChange={setToken}
          label="Require authentication"
          description="Callers must send Authorization: Bearer and this token."
          error={errors.authToken?.message}
        />
      </ResponseEditor>
      <SharingFields />
    </section>
  );
}
