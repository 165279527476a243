import { MAX_TYPE_SEARCH_RESULTS } from '@mocksmith/core/limits';
import {
  type DataTypeInfo,
  exampleText,
  searchTypes,
  type TypeFilter,
} from '@mocksmith/core/types-info';
import * as Dialog from '@radix-ui/react-dialog';
import { Library } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../ui/dialog-classes.ts';
import { DialogHeader } from '../../ui/dialog-header.tsx';
import { SearchInput } from '../../ui/search-input.tsx';

/** The picker's categories (spec: All, Basic, String, Number, Object, Array). */
const FILTERS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'basic', label: 'Basic' },
  { value: 'string', label: 'String' },
  { value: 'number', label: 'Number' },
  { value: 'object', label: 'Object' },
  { value: 'array', label: 'Array' },
];

/**
 * The More Types picker: the whole catalogue, searched by name or example text and narrowed by
 * category, at most 100 matches; choosing a type inserts a field of it.
 */
export function MoreTypesPicker({
  types,
  onPick,
}: {
  types: readonly DataTypeInfo[] | undefined;
  onPick: (type: DataTypeInfo) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<TypeFilter>('all');
  const found = useMemo(
    () => (types ? searchTypes(types, query, filter, MAX_TYPE_SEARCH_RESULTS) : []),
    [types, query, filter],
  );

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" disabled={!types}>
          <Library className="size-4" aria-hidden="true" />
          More Types
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'flex flex-col gap-4')}>
          <DialogHeader
            title="More Types"
            description="Pick a data type to add a field of it to the template."
          />
          <SearchInput
            value={query}
            onChange={setQuery}
            label="Search types"
            placeholder="Search by name or example, such as price or gmail"
          />
          <fieldset className="m-0 min-w-0 border-0 p-0 flex flex-wrap gap-1">
            <legend className="sr-only">Category</legend>
            {FILTERS.map((option) => (
              <Button
                key={option.value}
                size="sm"
                variant={filter === option.value ? 'primary' : 'secondary'}
                aria-pressed={filter === option.value}
                onClick={() => setFilter(option.value)}
              >
                {option.label}
              </Button>
            ))}
          </fieldset>
          <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {found.length === MAX_TYPE_SEARCH_RESULTS
              ? `Showing the first ${MAX_TYPE_SEARCH_RESULTS} matches`
              : `${found.length} ${found.length === 1 ? 'match' : 'matches'}`}
          </p>
          <ul
            className="grid max-h-[50dvh] gap-2 overflow-y-auto sm:grid-cols-2"
            aria-label="Types"
          >
            {found.map((type) => (
              <li key={type.name}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(type);
                    setOpen(false);
                  }}
                  className="flex w-full flex-col items-start gap-1 rounded-md border border-slate-200 p-3 text-left hover:border-indigo-400 hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700 dark:hover:bg-slate-700"
                >
                  <code className="font-mono text-sm font-semibold break-all">{type.name}</code>
                  <span className="text-xs text-slate-600 dark:text-slate-300">
                    {type.description}
                  </span>
                  <span className="font-mono text-xs break-all text-slate-500 dark:text-slate-400">
                    e.g. {exampleText(type, 80)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
