import { messages } from '@mocksmith/core/errors';
import { apiMessages, type UserApi } from '@mocksmith/core/schemas';
import * as Dialog from '@radix-ui/react-dialog';
import { Braces } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { JsonEditor } from '../../../components/json-editor/json-editor.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { FieldError } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatJsonText } from '../../../lib/template-text/template-text.ts';
import { useTemplateMutations } from '../api/save-template.ts';
import { useCatalogue } from '../hooks/use-catalogue.ts';
import { type ApiFormErrors, checkApiForm } from '../utils/api-form.ts';
import type { ApiOptions } from '../utils/api-options.ts';
import { optionsOf } from '../utils/api-options-of.ts';
import { saveError } from '../utils/save-error.ts';
import { templateTypeHints } from '../utils/type-hints.ts';
import { type ApiIdentity, ApiIdentityFields } from './api-identity-fields.tsx';
import { OptionsPanel } from './options-panel.tsx';
import { TypeHintsList } from './type-hints-list.tsx';

/** The Edit Template modal of one API; keyed by the API so each opening starts fresh. */
function EditTemplateForm({ template, onDone }: { template: UserApi; onDone: () => void }) {
  const { update } = useTemplateMutations();
  const { types, names } = useCatalogue();
  const [identity, setIdentity] = useState<ApiIdentity>({
    name: template.name,
    customEndpoint: template.customEndpoint ?? '',
    method: template.requestEnum,
  });
  // Stored as the user saved it, often on one line: shown pretty-printed.
  const [text, setText] = useState(() => formatJsonText(template.template) ?? template.template);
  const [options, setOptions] = useState<ApiOptions>(() => optionsOf(template));
  const [errors, setErrors] = useState<ApiFormErrors>({});
  const [busy, setBusy] = useState(false);
  const templateErrorId = useId();
  const hints = useMemo(() => templateTypeHints(text, names), [text, names]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = checkApiForm({ ...identity, template: text, options });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await update.mutateAsync({
        id: template.id,
        requestId: template.requestId,
        template: text,
        requestEnum: identity.method,
        ...checked.value,
      });
      toast.success(apiMessages.updated);
      onDone();
    } catch (error) {
      const problem = saveError(error, apiMessages.updateFailed);
      setErrors(
        problem.field === 'customEndpoint'
          ? { customEndpoint: problem.message }
          : { template: problem.message },
      );
      toast.error(apiMessages.updateFailed, { description: problem.message });
    } finally {
      setBusy(false);
    }
  }

  function handleFormat() {
    const formatted = formatJsonText(text);
    if (formatted === undefined) setErrors({ ...errors, template: messages.invalidJsonApiPage });
    else setText(formatted);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <ApiIdentityFields
        value={identity}
        onChange={setIdentity}
        errors={{ name: errors.name, customEndpoint: errors.customEndpoint }}
      />
      <div className="space-y-2">
        <JsonEditor
          value={text}
          onChange={(next) => {
            setText(next);
            if (errors.template) setErrors({ ...errors, template: undefined });
          }}
          label="JSON template"
          errorId={errors.template ? templateErrorId : undefined}
          invalid={errors.template !== undefined}
          completions={types}
        />
        {errors.template ? <FieldError id={templateErrorId}>{errors.template}</FieldError> : null}
        <TypeHintsList
          hints={hints}
          onApply={(hint) => setText(text.replaceAll(`"${hint.value}"`, `"${hint.suggestion}"`))}
        />
        <Button variant="secondary" size="sm" onClick={handleFormat}>
          <Braces className="size-4" aria-hidden="true" />
          Format JSON
        </Button>
      </div>
      <OptionsPanel value={options} onChange={setOptions} errors={errors} />
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** The Edit Template modal: name, endpoint, method, template and options of one API. */
export function EditTemplateModal({
  template,
  onClose,
}: {
  template: UserApi | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          className={cn(dialogContentClasses('wide'), 'space-y-4')}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <DialogHeader
            title="Edit Template"
            description="Changes are served at the API's URL as soon as they are saved."
          />
          {template ? (
            <EditTemplateForm key={template.id} template={template} onDone={onClose} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
