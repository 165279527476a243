import type { HttpMethod } from '@mocksmith/core/schemas';
import { formatDate } from '../../../lib/dates.ts';
import type { Api } from '../types.ts';

/** The dashboard's search and filters. Dates are `YYYY-MM-DD` from date inputs, or ''. */
export interface ApiFilters {
  search: string;
  /** The methods shown; none chosen shows every method. */
  methods: readonly HttpMethod[];
  createdAfter: string;
  createdBefore: string;
}

export const NO_FILTERS: ApiFilters = {
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
 * The APIs that pass the dashboard's filters: the search in the name, description or request
 * id (case-insensitive), one of the chosen methods, and created on or after `createdAfter` and on
 * or before `createdBefore` (whole days, in the browser's time zone).
 */
export function filterApis(apis: readonly Api[], filters: ApiFilters): Api[] {
  const needle = filters.search.trim().toLowerCase();
  const from = startOfDay(filters.createdAfter);
  const beforeStart = startOfDay(filters.createdBefore);
  const until = beforeStart === null ? null : beforeStart + DAY_MS;
  return apis.filter((api) => {
    if (
      needle !== '' &&
      ![api.name, api.description ?? '', api.requestId].some((text) =>
        text.toLowerCase().includes(needle),
      )
    ) {
      return false;
    }
    if (filters.methods.length > 0 && !filters.methods.includes(api.method)) return false;
    const created = Date.parse(api.createdAt);
    if (from !== null && created < from) return false;
    if (until !== null && created >= until) return false;
    return true;
  });
}

/** Whether any filter is set (the empty state then says nothing matched, not that none exist). */
export function hasFilters(filters: ApiFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.methods.length > 0 ||
    filters.createdAfter !== '' ||
    filters.createdBefore !== ''
  );
}

/** The API page's grid search: the name only, case-insensitive. */
export function searchByName(apis: readonly Api[], search: string): Api[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...apis] : apis.filter((api) => api.name.toLowerCase().includes(needle));
}

/** A creation date as the dashboard shows it: the French day/month/year (spec: fr-FR). */
export function formatCreateDate(iso: string): string {
  return formatDate(iso);
}
