import type { HttpMethod, UserApi } from '@mocksmith/core/schemas';

/** The dashboard's search and filters. Dates are `YYYY-MM-DD` from date inputs, or ''. */
export interface TemplateFilters {
  search: string;
  /** The methods shown; none chosen shows every method. */
  methods: readonly HttpMethod[];
  createdAfter: string;
  createdBefore: string;
}

export const NO_FILTERS: TemplateFilters = {
  search: '',
  methods: [],
  createdAfter: '',
  createdBefore: '',
};

/** Midnight at the start of a `YYYY-MM-DD` day in the browser's time zone, or null. */
function startOfDay(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The templates that pass the dashboard's filters: the search in the name, description or request
 * id (case-insensitive), one of the chosen methods, and created on or after `createdAfter` and on
 * or before `createdBefore` (whole days, in the browser's time zone).
 */
export function filterTemplates(
  templates: readonly UserApi[],
  filters: TemplateFilters,
): UserApi[] {
  const needle = filters.search.trim().toLowerCase();
  const from = startOfDay(filters.createdAfter);
  const beforeStart = startOfDay(filters.createdBefore);
  const until = beforeStart === null ? null : beforeStart + DAY_MS;
  return templates.filter((template) => {
    if (
      needle !== '' &&
      ![template.name, template.description ?? '', template.requestId].some((text) =>
        text.toLowerCase().includes(needle),
      )
    ) {
      return false;
    }
    if (filters.methods.length > 0 && !filters.methods.includes(template.requestEnum)) return false;
    const created = Date.parse(template.createDate);
    if (from !== null && created < from) return false;
    if (until !== null && created >= until) return false;
    return true;
  });
}

/** Whether any filter is set (the empty state then says nothing matched, not that none exist). */
export function hasFilters(filters: TemplateFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.methods.length > 0 ||
    filters.createdAfter !== '' ||
    filters.createdBefore !== ''
  );
}

/** The API page's grid search: the name only, case-insensitive. */
export function searchByName(templates: readonly UserApi[], search: string): UserApi[] {
  const needle = search.trim().toLowerCase();
  return needle === ''
    ? [...templates]
    : templates.filter((template) => template.name.toLowerCase().includes(needle));
}

/** A creation date as the dashboard shows it: the French day/month/year (spec: fr-FR). */
export function formatCreateDate(iso: string): string {
  return new Date(iso).toLocaleDateString('fr-FR');
}
