import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode } from '@mocksmith/core/errors';
import {
  createProjectInputSchema,
  type Project,
  projectBaseUrl,
  slugSchema,
  suggestSlug,
} from '@mocksmith/core/projects';
import { z } from '@mocksmith/core/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { Field, FieldError } from '../../../components/ui/input.tsx';
import { mockOrigin } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useCreateProject } from '../api/create-project.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { projectTexts } from '../texts.ts';

/** The fields of a project, with core's rules and texts (the server applies the same). */
const projectFormSchema = z.object({
  name: createProjectInputSchema.shape.name,
  slug: slugSchema,
});
type ProjectFormInput = z.input<typeof projectFormSchema>;
type ProjectForm = z.output<typeof projectFormSchema>;

/** The slug suggested for a name as it is typed; none while there is no name. */
function slugFor(name: string): string {
  return name.trim() === '' ? '' : suggestSlug(name);
}

/** Whether the server refused the slug as another project's. */
function isSlugTaken(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ErrorCode.SLUG_TAKEN || error.status === 409);
}

export type ProjectFormDialogProps = {
  open: boolean;
  onClose: () => void;
} & (
  | { mode: 'create'; onCreated: (project: Pick<Project, 'id' | 'slug'>) => void }
  | { mode: 'edit'; project: Project }
);

/**
 * The New project dialog, and the same fields to rename a project or move it to another slug.
 * A new project's slug follows the name (core's suggestion) until the user types one; the base
 * URL it gives shows under it. The server's refusals show on their field: a slug in use (409) on
 * the slug.
 */
export function ProjectFormDialog(props: ProjectFormDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses(), 'space-y-4')}>
          <DialogHeader
            title={props.mode === 'create' ? 'New project' : 'Edit project'}
            description={
              props.mode === 'create'
                ? 'One base URL for a whole mock backend: its routes answer under it.'
                : 'A new slug moves the base URL: clients of the old one get 404.'
            }
          />
          {props.open ? <ProjectFormBody {...props} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProjectFormBody(props: ProjectFormDialogProps) {
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const form = useForm<ProjectFormInput, unknown, ProjectForm>({
    resolver: zodResolver(projectFormSchema),
    defaultValues:
      props.mode === 'edit'
        ? { name: props.project.name, slug: props.project.slug }
        : { name: '', slug: '' },
  });
  // A new project's slug follows its name until the user types in it.
  const slugTyped = useRef(props.mode === 'edit');
  const slug = useWatch({ control: form.control, name: 'slug' }) ?? '';
  const shownSlug = slug.trim().toLowerCase();
  const busy = createProject.isPending || updateProject.isPending;
  const { errors } = form.formState;
  const failure = props.mode === 'create' ? projectTexts.createFailed : projectTexts.renameFailed;

  async function handleValid(values: ProjectForm) {
    try {
      if (props.mode === 'create') {
        const created = await createProject.mutateAsync(values);
        toast.success(projectTexts.created(values.name));
        props.onCreated(created);
      } else {
        await updateProject.mutateAsync({ projectId: props.project.id, input: values });
        toast.success(projectTexts.renamed);
      }
      props.onClose();
    } catch (error) {
      const message = toUserMessage(error, failure);
      if (isSlugTaken(error)) {
        form.setError('slug', { type: 'server', message }, { shouldFocus: true });
      } else if (!setServerErrors(error, form.setError, { name: 'name', slug: 'slug' })) {
        form.setError('root.server', { type: 'server', message });
      }
      toast.error(failure, { description: message });
    }
  }

  const nameField = form.register('name', {
    onChange: (event) => {
      if (!slugTyped.current) form.setValue('slug', slugFor(event.target.value));
    },
  });
  const slugField = form.register('slug', {
    onChange: () => {
      slugTyped.current = true;
    },
  });

  return (
    <form onSubmit={form.handleSubmit(handleValid)} noValidate className="space-y-4">
      <Field
        label="Name"
        placeholder="Shop backend"
        autoComplete="off"
        error={errors.name?.message}
        {...nameField}
      />
      <div className="space-y-1">
        <Field
          label="Slug"
          placeholder="shop-backend"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          className="[&_input]:font-mono"
          error={errors.slug?.message}
          {...slugField}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Letters, digits and -. Base URL:{' '}
          <code data-testid="slug-base-url" className="font-mono break-all">
            {projectBaseUrl(mockOrigin(), shownSlug || '…')}
          </code>
        </p>
      </div>
      {errors.root?.server?.message ? <FieldError>{errors.root.server.message}</FieldError> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {props.mode === 'create'
            ? busy
              ? 'Creating...'
              : 'Create project'
            : busy
              ? 'Saving...'
              : 'Save'}
        </Button>
      </div>
    </form>
  );
}
