import { ErrorCode, messages } from '@mocksmith/core/errors';
import { apiMessages } from '@mocksmith/core/texts';
import { Download, Play, Rocket } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type FieldErrors, FormProvider, useController, useForm } from 'react-hook-form';
import { Later } from '../../../components/later.tsx';
import { CatalogueEditorFields } from '../../../components/template-editor/panels/catalogue-editor-fields.tsx';
import { CreateSuccess } from '../../../components/template-editor/panels/create-success.tsx';
import { PreviewPanel } from '../../../components/template-editor/panels/preview-panel.tsx';
import {
  type EditorError,
  useTemplateEditor,
} from '../../../components/template-editor/state/use-template-editor.ts';
import { DEFAULT_TEMPLATE_TEXT } from '../../../components/template-editor/text/template-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { firstErrorMessage, setServerErrors } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import {
  API_DRAFT_FIELDS,
  type ApiDraft,
  type ApiDraftInput,
  draftOf,
  newApiDraft,
} from '../api/api-draft.ts';
import { useCreateApi } from '../api/create-api.ts';
import { useUpdateApi } from '../api/update-api.ts';
import type { Api } from '../types.ts';
import { ApiIdentityFields } from './api-identity-fields.tsx';
import { OptionsPanel } from './options-panel.tsx';

/** The form creates an API (the API page) or edits one (the Edit modal, then `onDone`). */
export type ApiFormProps = { mode: 'create' } | { mode: 'edit'; api: Api; onDone: () => void };

function isEndpointTaken(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === ErrorCode.CUSTOM_ENDPOINT_TAKEN ||
      (error.status === 409 && error.code !== ErrorCode.API_JUST_CREATED))
  );
}

/** The form's rules (zod, core's schemas), loaded on its first check or a focused field. */
const apiDraftResolver = lazyResolver<ApiDraftInput, unknown, ApiDraft>(() =>
  import('../api/api-draft-schema.ts').then((rules) => rules.apiDraftResolver),
);

/**
 * The one form of an API, for creating it on the API page and editing it in the Edit modal: the
 * same fields and the same rules (core's, through `apiDraftSchema`, loaded on the first check).
 * Each problem shows beside its field, the server's too: a refused field from the answer's
 * issues, a custom endpoint in use at the endpoint, a refused template under the editor.
 */
export function ApiForm(props: ApiFormProps) {
  const { mode } = props;
  const createApi = useCreateApi();
  const updateApi = useUpdateApi();
  const form = useForm<ApiDraftInput, unknown, ApiDraft>({
    resolver: apiDraftResolver,
    defaultValues: mode === 'edit' ? draftOf(props.api) : newApiDraft(DEFAULT_TEMPLATE_TEXT),
  });
  const { field: templateField, fieldState: templateState } = useController({
    control: form.control,
    name: 'template',
  });
  const editor = useTemplateEditor({
    text: templateField.value,
    onTextChange: templateField.onChange,
    invalidJsonMessage: messages.invalidJsonApiPage,
  });
  const templateError: EditorError | null = templateState.error?.message
    ? { message: templateState.error.message, invalid: true }
    : editor.error;
  const isSaving = mode === 'create' ? createApi.isPending : updateApi.isPending;
  const failure = mode === 'create' ? apiMessages.saveFailed : apiMessages.updateFailed;

  async function handleValid(draft: ApiDraft) {
    try {
      if (props.mode === 'create') {
        await createApi.mutateAsync(draft);
        // A form left filled makes a second click a second, identical API: it starts afresh,
        // the new API's link staying in the success banner.
        form.reset(newApiDraft(DEFAULT_TEMPLATE_TEXT));
        editor.clearPreview();
        editor.announce('API created. The form is cleared for the next one.');
      } else {
        await updateApi.mutateAsync({ api: props.api, draft });
        toast.success(apiMessages.updated);
        props.onDone();
      }
    } catch (error) {
      handleRefusal(error);
    }
  }

  function handleRefusal(error: unknown) {
    // Spec section 7: the body's message, else the status text, else 'Failed to save template'.
    let message = toUserMessage(error, failure, { statusText: true });
    if (isEndpointTaken(error)) {
      message = apiMessages.endpointTaken;
      form.setError('customEndpoint', { type: 'server', message }, { shouldFocus: true });
    } else if (!setServerErrors(error, form.setError, API_DRAFT_FIELDS)) {
      // A refused template (400) or a failure of the call: told under the editor.
      editor.showFailure(error, failure);
    }
    if (mode === 'create') toast.error(message);
    else toast.error(apiMessages.updateFailed, { description: message });
  }

  function handleInvalid(errors: FieldErrors<ApiDraftInput>) {
    // The page is long: a toast tells what stopped the creation, beside the field's own message.
    const message = firstErrorMessage(errors);
    if (mode === 'create' && message) toast.error(message);
  }

  const submit = form.handleSubmit(handleValid, handleInvalid);
  const editorFields = <CatalogueEditorFields editor={editor} error={templateError} />;

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} onFocus={apiDraftResolver.preload} noValidate className="space-y-6">
        {props.mode === 'create' ? (
          <CreateLayout
            editorFields={editorFields}
            preview={
              <PreviewPanel
                preview={editor.preview}
                isGenerating={editor.isGenerating}
                failed={editor.previewFailed}
              />
            }
            actions={
              <>
                <Button
                  variant="secondary"
                  aria-busy={editor.isGenerating}
                  onClick={editor.handleGenerate}
                >
                  <Play className="size-4" aria-hidden="true" />
                  Generate
                </Button>
                <Button type="submit" aria-busy={isSaving} disabled={isSaving}>
                  <Rocket className="size-4" aria-hidden="true" />
                  {isSaving ? 'Creating...' : 'Create API'}
                </Button>
                <Button variant="secondary" onClick={editor.handleDownload}>
                  <Download className="size-4" aria-hidden="true" />
                  Download
                </Button>
              </>
            }
            success={createApi.data ? <CreateSuccess url={createApi.data.url} /> : null}
          />
        ) : (
          <EditLayout
            editorFields={editorFields}
            actions={
              <>
                <Button variant="secondary" disabled={isSaving} onClick={props.onDone}>
                  Cancel
                </Button>
                <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
                  {isSaving ? 'Saving...' : 'Save Changes'}
                </Button>
              </>
            }
          />
        )}
        <p role="status" className="sr-only">
          {editor.announcement}
        </p>
      </form>
    </FormProvider>
  );
}

interface LayoutProps {
  editorFields: ReactNode;
  actions: ReactNode;
}

/**
 * The API page: the Create New API bar (name, endpoint, method, Generate, Create API, Download
 * and the success banner), then the template beside the preview and the options.
 */
function CreateLayout({
  editorFields,
  actions,
  preview,
  success,
}: LayoutProps & { preview: ReactNode; success: ReactNode }) {
  const titleId = useId();
  return (
    <>
      <section
        aria-labelledby={titleId}
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Create New API
        </h2>
        <ApiIdentityFields />
        <div className="flex flex-wrap gap-2">{actions}</div>
        {success}
      </section>
      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-label="Template" className="flex min-w-0 flex-col gap-3">
          {editorFields}
        </section>
        <div className="flex min-w-0 flex-col gap-6">
          {/* Below the first screen on a phone, beside the template on a wide screen. */}
          <Later>
            {preview}
            <OptionsPanel />
          </Later>
        </div>
      </div>
    </>
  );
}

/** The Edit modal: the same fields in one column, then Cancel and Save Changes. */
function EditLayout({ editorFields, actions }: LayoutProps) {
  return (
    <>
      <ApiIdentityFields />
      <section aria-label="Template" className="flex min-w-0 flex-col gap-3">
        {editorFields}
      </section>
      <OptionsPanel />
      <div className="flex flex-wrap justify-end gap-2">{actions}</div>
    </>
  );
}
