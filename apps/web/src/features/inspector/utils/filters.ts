import type { LoggedCallView } from '@mocksmith/core/inspector';

/** The methods the Method filter offers: a route's, and the two a client may send besides. */
export const FILTER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** The choices of the Status filter: any, a class, no answer (a fault), or a code typed. */
export const STATUS_CHOICES = ['', '2xx', '3xx', '4xx', '5xx', '0', 'exact'] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** What each status choice is called in its select. */
export const STATUS_LABELS: Readonly<Record<StatusChoice, string>> = {
  '': 'Any status',
  '2xx': '2xx success',
  '3xx': '3xx redirect',
  '4xx': '4xx client error',
  '5xx': '5xx server error',
  '0': 'No answer (fault)',
  exact: 'Exact code',
};

/** The inspector's filters as typed. */
export interface InspectorFilters {
  /** A method, or '' for any. */
  method: string;
  status: StatusChoice;
  /** The code typed when `status` is `exact`. */
  code: string;
  /** The path exactly, or a prefix ending in `*`. */
  path: string;
  /** Text anywhere in the method, path, query, body or response name. */
  text: string;
}

export const NO_FILTERS: InspectorFilters = {
  method: '',
  status: '',
  code: '',
  path: '',
  text: '',
};

/** The status a filter asks the server for, a class it checks itself, or a code that is not one. */
export type StatusFilter =
  | { kind: 'any' }
  | { kind: 'exact'; status: number }
  | { kind: 'class'; hundreds: number }
  | { kind: 'invalid'; message: string };

/** The Status filter as the list applies it. */
export function statusFilterOf(filters: Pick<InspectorFilters, 'status' | 'code'>): StatusFilter {
  switch (filters.status) {
    case '':
      return { kind: 'any' };
    case '0':
      return { kind: 'exact', status: 0 };
    case 'exact': {
      const typed = filters.code.trim();
      if (typed === '') return { kind: 'any' };
      if (!/^\d{3}$/.test(typed) || Number(typed) < 100 || Number(typed) > 599) {
        return { kind: 'invalid', message: 'Type a status code from 100 to 599, such as 404.' };
      }
      return { kind: 'exact', status: Number(typed) };
    }
    default:
      return { kind: 'class', hundreds: Number(filters.status[0]) };
  }
}

/** Whether any filter narrows the list. */
export function isFiltered(filters: InspectorFilters): boolean {
  return (
    filters.method !== '' ||
    statusFilterOf(filters).kind !== 'any' ||
    filters.path.trim() !== '' ||
    filters.text.trim() !== ''
  );
}

/**
 * The query of `GET .../requests` for these filters: method, path, an exact status, and the
 * text as `q`. A status class (4xx) has no parameter: the list checks it itself.
 */
export function requestsQuery(filters: InspectorFilters, limit: number): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.method !== '') query.set('method', filters.method);
  const status = statusFilterOf(filters);
  if (status.kind === 'exact') query.set('status', String(status.status));
  const path = filters.path.trim();
  if (path !== '') query.set('path', path);
  const text = filters.text.trim();
  if (text !== '') query.set('q', text);
  query.set('limit', String(limit));
  return query;
}

/** Whether a call's status is in the class the filter asks for (every call when none). */
export function inStatusClass(call: Pick<LoggedCallView, 'status'>, status: StatusFilter) {
  return status.kind !== 'class' || Math.floor(call.status / 100) === status.hundreds;
}

/**
 * Whether a call matches the filters as the server matches them (a live call comes unfiltered):
 * the method, the path exactly or by its prefix before `*`, the status, and the text anywhere in
 * the method, path, query, body or response name, ignoring case.
 */
export function matchesFilters(call: LoggedCallView, filters: InspectorFilters): boolean {
  if (filters.method !== '' && call.method !== filters.method) return false;
  const status = statusFilterOf(filters);
  if (status.kind === 'exact' && call.status !== status.status) return false;
  if (!inStatusClass(call, status)) return false;
  const path = filters.path.trim();
  if (path !== '') {
    if (path.endsWith('*') ? !call.path.startsWith(path.slice(0, -1)) : call.path !== path) {
      return false;
    }
  }
  const text = filters.text.trim().toLowerCase();
  if (text !== '') {
    const haystack =
      `${call.method} ${call.path}?${call.query} ${call.body ?? ''} ${call.response ?? ''}`.toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  return true;
}
