import type { Collection } from '@mocksmith/core/collections';
import { FlaskConical, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { projectTexts } from '../texts.ts';
import { CopyUrlButton } from './copy-url-button.tsx';
import { ActionsCell, CardTable, Cell, CountCell, Row, RowAction } from './table-row.tsx';

/** What the table can open for one collection. */
export interface CollectionActions {
  edit: (collection: Collection) => void;
  test: (collection: Collection) => void;
  reseed: (collection: Collection) => void;
  remove: (collection: Collection) => void;
}

/** How a collection's ids are made, in words. */
const ID_KINDS: Record<Collection['idKind'], string> = {
  uuid: 'UUID',
  int: '1, 2, 3…',
};

/** A collection's options in words: unknown fields refused or kept, and cascading deletes. */
export function collectionOptions(collection: Collection): string {
  const unknown =
    collection.unknownFields === 'keep' ? 'Keeps unknown fields' : 'Refuses unknown fields';
  return collection.cascade ? `${unknown}, cascade deletes` : unknown;
}

/**
 * A project's collections, by name: the name, the list's path with its URL and Copy, the records
 * it is seeded with, how its ids are made and its options, with Edit, Test, Reseed and Delete.
 * Below lg each row is a card, as in the routes' table.
 */
export function CollectionTable({
  collections,
  actions,
}: {
  collections: readonly Collection[];
  actions: CollectionActions;
}) {
  const sorted = [...collections].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return (
    <CardTable
      caption="Collections"
      columns={[
        { label: 'Name' },
        { label: 'Path' },
        { label: 'Records', numeric: true },
        { label: 'Ids' },
        { label: 'Options' },
      ]}
    >
      {sorted.map((collection) => {
        const target = `collection ${collection.name}`;
        return (
          <Row key={collection.id} aria-label={collection.name}>
            <Cell className="font-mono font-semibold [overflow-wrap:anywhere]">
              {collection.name}
            </Cell>
            <Cell className="max-lg:w-full">
              <span className="flex min-w-0 items-center gap-2">
                <code
                  className="min-w-0 font-mono break-all"
                  title={collection.url}
                  data-testid="collection-path"
                >
                  {collection.path}
                </code>
                <CopyUrlButton
                  url={collection.url}
                  label={`Copy URL of collection ${collection.name}`}
                  copied={projectTexts.collectionUrlCopied}
                />
              </span>
            </Cell>
            <CountCell count={collection.count} noun="record" />
            <Cell>
              <span className="lg:hidden">Ids: </span>
              {ID_KINDS[collection.idKind]}
            </Cell>
            <Cell className="text-slate-700 dark:text-slate-300">
              {collectionOptions(collection)}
            </Cell>
            <ActionsCell>
              <RowAction
                action="Edit"
                target={target}
                icon={<Pencil className="size-4" aria-hidden="true" />}
                onClick={() => actions.edit(collection)}
              />
              <RowAction
                action="Test"
                target={target}
                icon={<FlaskConical className="size-4" aria-hidden="true" />}
                onClick={() => actions.test(collection)}
              />
              <RowAction
                action="Reseed"
                target={target}
                icon={<RefreshCw className="size-4" aria-hidden="true" />}
                onClick={() => actions.reseed(collection)}
              />
              <RowAction
                action="Delete"
                target={target}
                icon={
                  <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
                }
                onClick={() => actions.remove(collection)}
              />
            </ActionsCell>
          </Row>
        );
      })}
    </CardTable>
  );
}
