import { zodResolver } from '@hookform/resolvers/zod';
import { type Collection, MAX_COLLECTION_RECORDS } from '@mocksmith/core/collections';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef } from 'react';
import { type FieldErrors, FormProvider, useForm, useWatch } from 'react-hook-form';
import { TokenField } from '../../../components/token-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { Field, FieldError } from '../../../components/ui/input.tsx';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { cn } from '../../../lib/cn.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useSaveCollection } from '../api/save-collection.ts';
import { projectTexts } from '../texts.ts';
import {
  type CollectionForm,
  type CollectionFormInput,
  collectionChanges,
  collectionFormSchema,
  collectionValues,
  newCollectionValues,
  placeRefusal,
} from '../utils/collection-form.ts';
import type { CollectionSeed } from '../utils/collections.ts';
import { CollectionTemplateField } from './collection-template-field.tsx';

/** What the unknown-fields choices mean, beside each. */
const UNKNOWN_FIELDS_TEXTS = {
  refuse: {
    label: 'Refuse',
    description: 'A write with a field the template does not name gets 422, naming the field.',
  },
  keep: { label: 'Keep', description: 'Fields the template does not name are stored as sent.' },
} as const;

export type CollectionFormDialogProps = {
  project: { id: string; baseUrl: string };
  onClose: () => void;
} & (
  | {
      mode: 'create';
      /** The fields it starts from; null keeps the dialog closed. */
      seed: CollectionSeed | null;
    }
  | {
      mode: 'edit';
      /** The collection to change; null keeps the dialog closed. */
      collection: Collection | null;
    }
);

/**
 * The New collection dialog (blank, or filled from a route by Make collection), and the same
 * fields to change a collection (its name stays: templates reference it as `ref:NAME.id`). A new
 * collection's path follows the name (`/{name}`) until the user types one; the URLs it gives show
 * under it. The form checks with core's rules as typed; the server's refusals show on the field
 * they name (a clash on the path or the name), else in the dialog, in the server's words.
 */
export function CollectionFormDialog(props: CollectionFormDialogProps) {
  const open = props.mode === 'create' ? props.seed !== null : props.collection !== null;
  const editing = props.mode === 'edit' ? props.collection : null;
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')} {...focusReturn}>
          <DialogHeader
            title={editing ? 'Edit collection' : 'New collection'}
            description={
              editing
                ? `Its name stays: templates reference it as ref:${editing.name}.id.`
                : 'A resource with state: list, add, change and delete its records, kept per session.'
            }
          />
          {props.mode === 'create' && props.seed ? (
            <CollectionFormBody
              project={props.project}
              values={newCollectionValues(props.seed)}
              note={props.seed.note}
              replaceRoutes={props.seed.replaceRoutes}
              onClose={props.onClose}
            />
          ) : null}
          {props.mode === 'edit' && props.collection ? (
            <CollectionFormBody
              key={props.collection.id}
              project={props.project}
              values={collectionValues(props.collection)}
              collection={props.collection}
              onClose={props.onClose}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CollectionFormBody({
  project,
  values,
  collection,
  note,
  replaceRoutes,
  onClose,
}: {
  project: { id: string; baseUrl: string };
  values: CollectionFormInput;
  /** The collection edited; none for a new one. */
  collection?: Collection;
  note?: string;
  /** Made from a route: the routes at its places go (see CollectionSeed). */
  replaceRoutes?: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const saveCollection = useSaveCollection();
  const editing = collection !== undefined;
  const form = useForm<CollectionFormInput, unknown, CollectionForm>({
    resolver: zodResolver(collectionFormSchema({ editing })),
    mode: 'onChange',
    defaultValues: values,
  });
  const { errors } = form.formState;
  // A new collection's path follows its name until the user types in it.
  const pathTyped = useRef(editing || values.path !== '');
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  const authToken = useWatch({ control: form.control, name: 'authToken' }) ?? null;
  const path = useWatch({ control: form.control, name: 'path' }) ?? '';
  const shownPath = path.trim() || `/${name.trim() || '…'}`;
  const busy = saveCollection.isPending;
  const failure = editing ? projectTexts.collectionSaveFailed : projectTexts.collectionCreateFailed;

  const nameField = form.register('name', {
    onChange: (event) => {
      if (!pathTyped.current) {
        const typed = String(event.target.value).trim();
        form.setValue('path', typed === '' ? '' : `/${typed}`, { shouldValidate: true });
      }
    },
  });
  const pathField = form.register('path', {
    onChange: () => {
      pathTyped.current = true;
    },
  });

  async function handleValid(input: CollectionForm) {
    try {
      if (collection) {
        const changes = collectionChanges(collection, input);
        if (Object.keys(changes).length > 0) {
          await saveCollection.mutateAsync({
            projectId: project.id,
            collectionId: collection.id,
            input: changes,
          });
        }
        toast.success(projectTexts.collectionSaved(collection.name));
      } else {
        const created = await saveCollection.mutateAsync({
          projectId: project.id,
          input: replaceRoutes ? { ...input, replaceRoutes } : input,
        });
        toast.success(projectTexts.collectionCreated(created.name));
      }
      onClose();
    } catch (error) {
      const message = toUserMessage(error, failure);
      const refusals = placeRefusal(error, message, {
        path: input.path ?? `/${input.name}`,
        editing,
      });
      refusals.forEach(({ field, message: text }, index) => {
        form.setError(
          field === 'root' ? 'root.server' : field,
          { type: 'server', message: text },
          { shouldFocus: index === 0 },
        );
      });
      toast.error(failure, { description: message });
    }
  }

  function handleInvalid(invalid: FieldErrors<CollectionFormInput>) {
    const message = firstErrorMessage(invalid);
    if (message) toast.error(message);
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit(handleValid, handleInvalid)}
        noValidate
        className="space-y-4"
      >
        {note ? (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm [overflow-wrap:anywhere] dark:bg-slate-900">
            {note}
          </p>
        ) : null}
        {replaceRoutes ? <p className="text-sm">{projectTexts.routesReplaced}</p> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Name"
            placeholder="users"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            readOnly={editing}
            aria-readonly={editing || undefined}
            className="[&_input]:font-mono [&_input]:read-only:bg-slate-100 dark:[&_input]:read-only:bg-slate-950"
            error={errors.name?.message}
            {...nameField}
          />
          <Field
            label="Path"
            placeholder={`/${name.trim() || 'users'}`}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            className="[&_input]:font-mono"
            error={errors.path?.message}
            {...pathField}
          />
        </div>
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
          List and add at{' '}
          <code className="font-mono break-all" data-testid="collection-url">
            {project.baseUrl}
            {shownPath}
          </code>
          ; one record at{' '}
          <code className="font-mono break-all">
            {shownPath}/{'{id}'}
          </code>
          .
        </p>
        <CollectionTemplateField />
        <Field
          label="Records to start with"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_COLLECTION_RECORDS}
          step={1}
          className="sm:max-w-56"
          error={errors.count?.message}
          {...form.register('count')}
        />
        <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
          <legend className="text-sm font-medium">Fields the template does not name</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['refuse', 'keep'] as const).map((choice) => (
              <label
                key={choice}
                className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500 dark:border-slate-700"
              >
                <input
                  type="radio"
                  value={choice}
                  className="mt-0.5 size-4 accent-indigo-600"
                  aria-describedby={`${id}-${choice}`}
                  {...form.register('unknownFields')}
                />
                <span>
                  <span className="block font-medium">{UNKNOWN_FIELDS_TEXTS[choice].label}</span>
                  <span
                    id={`${id}-${choice}`}
                    className="block text-xs text-slate-600 dark:text-slate-400"
                  >
                    {UNKNOWN_FIELDS_TEXTS[choice].description}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.unknownFields?.message ? (
            <FieldError>{errors.unknownFields.message}</FieldError>
          ) : null}
        </fieldset>
        <div className="flex items-start gap-2 text-sm">
          <input
            id={`${id}-cascade`}
            type="checkbox"
            className="mt-0.5 size-4 accent-indigo-600"
            aria-describedby={`${id}-cascade-description`}
            {...form.register('cascade')}
          />
          <div>
            <label htmlFor={`${id}-cascade`} className="block font-medium">
              Cascade deletes
            </label>
            <span
              id={`${id}-cascade-description`}
              className="block text-xs text-slate-600 dark:text-slate-400"
            >
              Deleting a record deletes the records of other collections that reference it.
            </span>
          </div>
        </div>
        {collection && collection.references.length > 0 ? (
          <section aria-labelledby={`${id}-references`} className="space-y-1 text-sm">
            <h3 id={`${id}-references`} className="font-medium">
              References, as saved
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-xs text-slate-600 dark:text-slate-400">
              {collection.references.map((reference) => (
                <li key={`${reference.from}.${reference.field}`}>{reference.note}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {errors.cascade?.message ? <FieldError>{errors.cascade.message}</FieldError> : null}
        <TokenField
          value={authToken}
          onChange={(next) =>
            form.setValue('authToken', next, { shouldDirty: true, shouldValidate: true })
          }
          label="Require a token"
          description="Calls to this collection must send Authorization: Bearer and this token (or the project’s, when it has one). Calls with it are yours: the sessions they start are never pushed out by others’."
          error={errors.authToken?.message}
        />
        {errors.root?.server?.message ? (
          <FieldError>{errors.root.server.message}</FieldError>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {editing
              ? busy
                ? 'Saving...'
                : 'Save collection'
              : busy
                ? 'Creating...'
                : 'Create collection'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
