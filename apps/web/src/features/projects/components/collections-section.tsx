import type { Collection } from '@mocksmith/core/collections';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useDeleteCollection } from '../api/delete-collection.ts';
import { useCollections } from '../api/get-collections.ts';
import { useReseedCollection } from '../api/reseed-collection.ts';
import { projectTexts } from '../texts.ts';
import { blankCollectionSeed, type CollectionSeed } from '../utils/collections.ts';
import { countOf } from '../utils/routes.ts';
import { CollectionTable } from './collection-table.tsx';
import { CollectionFormDialog } from './lazy-dialogs.ts';

/**
 * The Collections section of a project's page: its collections (or what one is, before the
 * first), New collection, and each one's Edit, Test (`onTest` opens the Test panel), Reseed and
 * Delete, the last two after a confirmation.
 */
export function CollectionsSection({
  project,
  onTest,
}: {
  project: { id: string; baseUrl: string };
  onTest: (collection: Collection) => void;
}) {
  const collections = useCollections(project.id);
  const [seed, setSeed] = useState<CollectionSeed | null>(null);
  const [editing, setEditing] = useState<Collection | null>(null);
  const [reseeding, setReseeding] = useState<Collection | null>(null);
  const [removing, setRemoving] = useState<Collection | null>(null);
  const reseed = useReseedCollection();
  const remove = useDeleteCollection();
  const list = collections.data ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  // Set when a deletion succeeds: its row held the focus before the confirmation, so once the
  // confirmation has closed the focus goes to the section's heading.
  const deleted = useRef(false);

  useEffect(() => {
    if (removing === null && deleted.current) {
      deleted.current = false;
      heading.current?.focus();
    }
  }, [removing]);

  function handleReseed() {
    if (!reseeding) return;
    const { name } = reseeding;
    reseed.mutate(
      { projectId: project.id, collectionId: reseeding.id },
      {
        onSuccess: () => {
          toast.success(projectTexts.collectionReseeded(name));
          setReseeding(null);
        },
        onError: (error) =>
          toast.error(projectTexts.collectionReseedFailed, {
            description: toUserMessage(error, projectTexts.collectionReseedFailed),
          }),
      },
    );
  }

  function handleDelete() {
    if (!removing) return;
    const { name } = removing;
    remove.mutate(
      { projectId: project.id, collectionId: removing.id },
      {
        onSuccess: () => {
          toast.success(projectTexts.collectionDeleted(name));
          deleted.current = true;
          setRemoving(null);
        },
        onError: (error) =>
          toast.error(projectTexts.collectionDeleteFailed, {
            description: toUserMessage(error, projectTexts.collectionDeleteFailed),
          }),
      },
    );
  }

  return (
    <section aria-labelledby="collections-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="collections-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Collections
          {collections.isSuccess ? (
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
              {' '}
              ({countOf(list.length, 'collection')})
            </span>
          ) : null}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setSeed(blankCollectionSeed())}>
          <Plus className="size-4" aria-hidden="true" />
          New collection
        </Button>
      </div>
      {collections.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the collections...</p>
      ) : collections.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {projectTexts.collectionsLoadFailed(collections.error.message)}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {projectTexts.collectionsEmpty}
        </p>
      ) : (
        <CollectionTable
          collections={list}
          actions={{ edit: setEditing, test: onTest, reseed: setReseeding, remove: setRemoving }}
        />
      )}

      <CollectionFormDialog
        mode="create"
        project={project}
        seed={seed}
        onClose={() => setSeed(null)}
      />
      <CollectionFormDialog
        mode="edit"
        project={project}
        collection={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={reseeding !== null}
        title={projectTexts.reseedQuestion(reseeding?.name ?? '')}
        description={projectTexts.reseedLine}
        confirmLabel="Reseed"
        busyLabel="Reseeding..."
        busy={reseed.isPending}
        onConfirm={handleReseed}
        onClose={() => setReseeding(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.name ?? ''}?`}
        description={`The collection ${removing?.name ?? ''} and its records in every session will be deleted: ${removing?.url ?? ''} will stop answering. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
