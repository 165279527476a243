import { zodResolver } from '@hookform/resolvers/zod';
import {
  apiKeyMessages,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKeyInputSchema,
} from '@mocksmith/core/keys';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { Field, FieldError, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { accountTexts } from '../texts.ts';

type NewKeyFormInput = z.input<typeof createApiKeyInputSchema>;

/**
 * New key: its name, then the key itself, shown this once with Copy. The key lives only in this
 * dialog's state: closing the dialog forgets it. A click outside does not close it while the key
 * shows, so that it is not lost by accident.
 */
export function NewApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  function handleClose() {
    setCreated(null);
    onClose();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && handleClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          className={cn(dialogContentClasses(), 'space-y-4')}
          onInteractOutside={(event) => created && event.preventDefault()}
        >
          {created ? (
            <>
              <DialogHeader
                title="Your new API key"
                description={`“${created.name}”, ready to use as Authorization: Bearer KEY.`}
              />
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
                {apiKeyMessages.shownOnce}
              </p>
              <div className="flex items-center gap-2">
                <input
                  readOnly
                  value={created.key}
                  aria-label="The new API key"
                  spellCheck={false}
                  onFocus={(event) => event.currentTarget.select()}
                  className={cn(inputClasses, 'min-w-0 flex-1 font-mono')}
                />
                <CopyButton text={created.key} label="Copy the key" />
              </div>
              <div className="flex justify-end pt-2">
                <Button onClick={handleClose}>Done</Button>
              </div>
            </>
          ) : (
            <>
              <DialogHeader
                title="New API key"
                description="Name it after where it will be used, such as “GitHub Actions”."
              />
              {open ? <NewKeyForm onCreated={setCreated} onCancel={handleClose} /> : null}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NewKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const createKey = useCreateApiKey();
  const form = useForm<NewKeyFormInput, unknown, CreateApiKeyInput>({
    resolver: zodResolver(createApiKeyInputSchema),
    defaultValues: { name: '' },
  });
  const busy = createKey.isPending;
  const { errors } = form.formState;

  async function handleValid(values: CreateApiKeyInput) {
    try {
      onCreated(await createKey.mutateAsync(values));
    } catch (error) {
      const message = toUserMessage(error, accountTexts.keyCreateFailed);
      if (!setServerErrors(error, form.setError, { name: 'name' })) {
        form.setError('root.server', { type: 'server', message });
      }
      toast.error(accountTexts.keyCreateFailed, { description: message });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(handleValid)} noValidate className="space-y-4">
      <Field
        label="Name"
        placeholder="GitHub Actions"
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      {errors.root?.server?.message ? <FieldError>{errors.root.server.message}</FieldError> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Creating...' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
