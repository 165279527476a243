import { HTTP_METHODS, type HttpMethod } from '@mocksmith/core/http';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { cn } from '../../../lib/cn.ts';
import { type ApiFilters, hasFilters, NO_FILTERS } from '../utils/filters.ts';

/** The dashboard's search, method multi-select and creation-date filters. */
export function ApiFiltersBar({
  value,
  onChange,
}: {
  value: ApiFilters;
  onChange: (next: ApiFilters) => void;
}) {
  const id = useId();
  function toggleMethod(method: HttpMethod) {
    const methods = value.methods.includes(method)
      ? value.methods.filter((m) => m !== method)
      : [...value.methods, method];
    onChange({ ...value, methods });
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <SearchInput
        value={value.search}
        onChange={(search) => onChange({ ...value, search })}
        label="Search APIs"
        placeholder="Search by name, description or request ID"
      />
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="m-0 min-w-0 border-0 p-0 flex flex-wrap gap-1">
          <legend className="sr-only">Methods</legend>
          {HTTP_METHODS.map((method) => (
            <Button
              key={method}
              size="sm"
              variant={value.methods.includes(method) ? 'primary' : 'secondary'}
              aria-pressed={value.methods.includes(method)}
              onClick={() => toggleMethod(method)}
            >
              {method}
            </Button>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-after`} className="text-xs font-medium">
            Created after
          </label>
          <input
            id={`${id}-after`}
            type="date"
            value={value.createdAfter}
            onChange={(event) => onChange({ ...value, createdAfter: event.target.value })}
            className={cn(inputClasses, 'h-8 w-auto')}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-before`} className="text-xs font-medium">
            Created before
          </label>
          <input
            id={`${id}-before`}
            type="date"
            value={value.createdBefore}
            onChange={(event) => onChange({ ...value, createdBefore: event.target.value })}
            className={cn(inputClasses, 'h-8 w-auto')}
          />
        </div>
        {hasFilters(value) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
