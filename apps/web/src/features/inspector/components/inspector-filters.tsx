import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/input.tsx';
import {
  FILTER_METHODS,
  type InspectorFilters as Filters,
  isFiltered,
  NO_FILTERS,
  STATUS_CHOICES,
  STATUS_LABELS,
  type StatusChoice,
  statusFilterOf,
} from '../utils/filters.ts';

/**
 * The filters of the calls: method, status (a class, no answer, or an exact code typed), path
 * (exactly, or a prefix ending in `*`) and text, with Clear filters when any is set.
 */
export function InspectorFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  const status = statusFilterOf(filters);
  const set = (change: Partial<Filters>) => onChange({ ...filters, ...change });
  return (
    <search aria-label="Filter the calls" className="block">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[9rem_12rem_auto_1fr_1fr]">
        <SelectField
          label="Method"
          value={filters.method}
          onChange={(event) => set({ method: event.target.value })}
        >
          <option value="">Any method</option>
          {FILTER_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(event) => set({ status: event.target.value as StatusChoice })}
        >
          {STATUS_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {STATUS_LABELS[choice]}
            </option>
          ))}
        </SelectField>
        {filters.status === 'exact' ? (
          <Field
            label="Status code"
            inputMode="numeric"
            placeholder="404"
            autoComplete="off"
            className="lg:w-28"
            value={filters.code}
            error={status.kind === 'invalid' ? status.message : undefined}
            onChange={(event) => set({ code: event.target.value })}
          />
        ) : (
          <span className="hidden lg:block" />
        )}
        <Field
          label="Path"
          placeholder="/users/*"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          className="[&_input]:font-mono"
          value={filters.path}
          onChange={(event) => set({ path: event.target.value })}
          aside={
            <span className="text-xs text-slate-600 dark:text-slate-400">
              exact, or ending in *
            </span>
          }
        />
        <Field
          label="Text"
          type="search"
          placeholder="order-42"
          autoComplete="off"
          value={filters.text}
          onChange={(event) => set({ text: event.target.value })}
          aside={
            <span className="text-xs text-slate-600 dark:text-slate-400">
              in the path, query, body or response
            </span>
          }
        />
      </div>
      {isFiltered(filters) ? (
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </search>
  );
}
