import type { Collection } from '@mocksmith/core/collections';
import { FlaskConical, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { projectTexts } from '../texts.ts';
import { countOf } from '../utils/routes.ts';
import { CopyUrlButton } from './copy-url-button.tsx';
import { actionClasses, Cell, cellClasses, headRowClasses, Row, rowClasses } from './table-row.tsx';

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

function ActionButton({
  action,
  name,
  icon,
  onClick,
}: {
  /** 'Edit', 'Test', 'Reseed', 'Delete'. */
  action: string;
  /** The collection's name, which the accessible name adds: 'Test collection users'. */
  name: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`${action} collection ${name}`}
      title={action}
      className={actionClasses}
      onClick={onClick}
    >
      {icon}
      <span className="lg:sr-only">{action}</span>
    </Button>
  );
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
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Collections</caption>
      <thead className="max-lg:sr-only">
        <tr className={headRowClasses}>
          <th scope="col" className="px-3 py-2 font-medium">
            Name
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Path
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            Records
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Ids
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Options
          </th>
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      {/* biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see table-row) */}
      <tbody role="rowgroup" className="max-lg:flex max-lg:flex-col max-lg:gap-3">
        {sorted.map((collection) => (
          <Row key={collection.id} aria-label={collection.name} className={rowClasses}>
            <Cell className={cn(cellClasses, 'font-mono font-semibold [overflow-wrap:anywhere]')}>
              {collection.name}
            </Cell>
            <Cell className={cn(cellClasses, 'max-lg:w-full')}>
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
            <Cell className={cn(cellClasses, 'tabular-nums lg:text-right')}>
              <span className="lg:hidden">{countOf(collection.count, 'record')}</span>
              <span className="max-lg:hidden">{collection.count.toLocaleString('en-US')}</span>
            </Cell>
            <Cell className={cellClasses}>
              <span className="lg:hidden">Ids: </span>
              {ID_KINDS[collection.idKind]}
            </Cell>
            <Cell className={cn(cellClasses, 'text-slate-700 dark:text-slate-300')}>
              {collectionOptions(collection)}
            </Cell>
            <Cell className={cn(cellClasses, 'max-lg:w-full')}>
              <div className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end">
                <ActionButton
                  action="Edit"
                  name={collection.name}
                  icon={<Pencil className="size-4" aria-hidden="true" />}
                  onClick={() => actions.edit(collection)}
                />
                <ActionButton
                  action="Test"
                  name={collection.name}
                  icon={<FlaskConical className="size-4" aria-hidden="true" />}
                  onClick={() => actions.test(collection)}
                />
                <ActionButton
                  action="Reseed"
                  name={collection.name}
                  icon={<RefreshCw className="size-4" aria-hidden="true" />}
                  onClick={() => actions.reseed(collection)}
                />
                <ActionButton
                  action="Delete"
                  name={collection.name}
                  icon={
                    <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
                  }
                  onClick={() => actions.remove(collection)}
                />
              </div>
            </Cell>
          </Row>
        ))}
      </tbody>
    </table>
  );
}
