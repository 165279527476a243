import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode } from '@mocksmith/core/errors';
import {
  type MoveApiInInput,
  moveApiInInputSchema,
  ROUTE_METHODS,
  suggestSlug,
} from '@mocksmith/core/projects';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { Field, FieldError, SelectField } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useMoveApiIn } from '../api/move-route.ts';
import { projectTexts } from '../texts.ts';
import type { MovableApi } from '../types.ts';

type MoveForm = z.input<typeof moveApiInInputSchema>;

/** Where an API is offered in a project first: its custom endpoint, else `/` and its name. */
export function suggestedPath(api: Pick<MovableApi, 'name' | 'customEndpoint'>): string {
  return api.customEndpoint ?? `/${suggestSlug(api.name)}`;
}

/**
 * Add existing API: one of the user's stand-alone APIs becomes a route of the project at the
 * method and path chosen (its template, options and stand-alone URL kept). The path is checked as it is
 * typed, with the parser's words; a clash with a route shows on the path.
 */
export function MoveApiDialog({
  projectId,
  apis,
  open,
  onClose,
  onMoved,
}: {
  projectId: string;
  apis: readonly MovableApi[];
  open: boolean;
  onClose: () => void;
  onMoved?: () => unknown;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses(), 'space-y-4')}>
          <DialogHeader
            title="Add existing API"
            description="The API becomes a route of this project; its own URL keeps answering."
          />
          {open ? (
            apis.length === 0 ? (
              <p className="text-sm">
                You have no API outside a project. Create one on the APIs page, or add a route.
              </p>
            ) : (
              <MoveApiForm projectId={projectId} apis={apis} onClose={onClose} onMoved={onMoved} />
            )
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MoveApiForm({
  projectId,
  apis,
  onClose,
  onMoved,
}: {
  projectId: string;
  apis: readonly MovableApi[];
  onClose: () => void;
  onMoved?: () => unknown;
}) {
  const first = apis[0] as MovableApi;
  const moveIn = useMoveApiIn({ onMoved });
  const form = useForm<MoveForm, unknown, MoveApiInInput>({
    resolver: zodResolver(moveApiInInputSchema),
    mode: 'onChange',
    defaultValues: { apiId: first.id, method: first.method, path: suggestedPath(first) },
  });
  const { errors } = form.formState;
  const apiField = form.register('apiId', {
    onChange: (event) => {
      const api = apis.find((item) => item.id === event.target.value);
      if (!api) return;
      form.setValue('method', api.method);
      form.setValue('path', suggestedPath(api), { shouldValidate: true });
    },
  });

  async function handleValid(input: MoveApiInInput) {
    const name = apis.find((api) => api.id === input.apiId)?.name ?? '';
    try {
      await moveIn.mutateAsync({ projectId, input });
      toast.success(projectTexts.movedIn(name));
      onClose();
    } catch (error) {
      const message = toUserMessage(error, projectTexts.moveInFailed);
      if (
        error instanceof ApiError &&
        (error.code === ErrorCode.ROUTE_TAKEN || error.status === 409)
      ) {
        form.setError('path', { type: 'server', message }, { shouldFocus: true });
      } else if (
        !setServerErrors(error, form.setError, { apiId: 'apiId', method: 'method', path: 'path' })
      ) {
        form.setError('root.server', { type: 'server', message });
      }
      toast.error(projectTexts.moveInFailed, { description: message });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(handleValid)} noValidate className="space-y-4">
      <SelectField label="API" error={errors.apiId?.message} {...apiField}>
        {apis.map((api) => (
          <option key={api.id} value={api.id}>
            {api.method} {api.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
        <SelectField label="Method" error={errors.method?.message} {...form.register('method')}>
          {ROUTE_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </SelectField>
        <Field
          label="Path"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          className="[&_input]:font-mono"
          error={errors.path?.message}
          {...form.register('path')}
        />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{projectTexts.pathHint}</p>
      {errors.root?.server?.message ? <FieldError>{errors.root.server.message}</FieldError> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={moveIn.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={moveIn.isPending} aria-busy={moveIn.isPending}>
          {moveIn.isPending ? 'Moving...' : 'Move into project'}
        </Button>
      </div>
    </form>
  );
}
