/**
 * The verification API served by the runner at the service's paths, so that a test suite written
 * against a hosted project runs unchanged against the runner once its base URLs change:
 * `GET /backend/projects/{id}/requests` (the calls, newest first, with every filter the service
 * documents), `GET .../requests/count`, `GET .../requests/{requestId}` and `DELETE .../requests`.
 * The shapes and the filters' query are core's schemas, the ones the service's routes declare;
 * a call is built, masked and shown as the service's request log stores and presents it.
 */
import { AppError, ErrorCode } from '@mocksmith/core';
import {
  type CallCapture,
  callOf,
  type LoggedCallView,
  maskHeaders,
  maskQuery,
  type RequestList,
  type requestCountSchema,
  requestFiltersSchema,
} from '@mocksmith/core/inspector';
import { parse as parseQuery } from 'fast-querystring';
import type { ServedProject } from './project.ts';

/** A call the runner keeps, with its id in its log (from 1, as the service's). */
export interface KeptCall {
  id: number;
  capture: CallCapture;
}

/** What the host writes: a status, its headers, a body or none. */
export interface VerificationAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
}

const PATHS = /^\/backend\/projects\/([^/]+)\/requests(?:\/(count|[^/]+))?\/?$/;

/** Each kept call's view, made once (a call kept is never changed). */
const views = new WeakMap<KeptCall, LoggedCallView>();

/** A kept call as the service presents a logged one: masked, its time as ISO 8601. */
export function viewOf(kept: KeptCall): LoggedCallView {
  let view = views.get(kept);
  if (view === undefined) {
    const {
      projectId: _projectId,
      apiId: _apiId,
      masked: _masked,
      at,
      ...entry
    } = callOf(kept.capture);
    view = {
      ...entry,
      id: kept.id,
      at: at.toISOString(),
      violations: entry.violations ?? null,
      drift: entry.drift ?? null,
      headers: maskHeaders(entry.headers),
      query: maskQuery(entry.query),
    };
    views.set(kept, view);
  }
  return view;
}

type Filters = ReturnType<typeof requestFiltersSchema.parse>;

/** Whether a call matches the filters, as the service's log's WHERE reads them. */
function matches(view: LoggedCallView, filters: Filters): boolean {
  if (filters.method && view.method !== filters.method.toUpperCase()) return false;
  if (filters.path) {
    if (filters.path.endsWith('*')) {
      if (!view.path.startsWith(filters.path.slice(0, -1))) return false;
    } else if (view.path !== filters.path) return false;
  }
  if (filters.status !== undefined && view.status !== filters.status) return false;
  if (filters.session !== undefined && view.session !== (filters.session || null)) return false;
  if (filters.since && Date.parse(view.at) < Date.parse(filters.since)) return false;
  if (filters.after !== undefined && view.id <= filters.after) return false;
  if (filters.q) {
    const text = `${view.method} ${view.path}?${view.query} ${view.body ?? ''} ${view.response ?? ''}`;
    if (!text.toLowerCase().includes(filters.q.toLowerCase())) return false;
  }
  return true;
}

function json(status: number, value: unknown): VerificationAnswer {
  return {
    status,
    // No CORS header, as the service's API paths have none (only its mock URLs are open to
    // other origins): a page of another site can neither read the calls nor preflight a DELETE.
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    },
    body: JSON.stringify(value),
  };
}

function error(error: AppError): VerificationAnswer {
  return json(error.statusCode, {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  });
}

/**
 * The answer to a call under `/backend/`: `calls` are the kept ones, oldest first; `clear`
 * empties the log. The project is named by its id (`project:{slug}`), its slug, or the hosted
 * project's id its files were pulled from.
 */
export function verificationAnswer(
  project: ServedProject,
  method: string,
  url: string,
  calls: readonly KeptCall[],
  clear: () => void,
): VerificationAnswer {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const found = PATHS.exec(path);
  if (!found) {
    return error(new AppError(ErrorCode.NOT_FOUND, `No route ${method} ${path}`));
  }
  const id = safeDecode(found[1] as string);
  if (id !== project.id && id !== project.slug && id !== project.hostedId) {
    return error(
      new AppError(ErrorCode.PROJECT_NOT_FOUND, `You have no project with the id "${id}"`),
    );
  }
  const tail = found[2];
  if (method === 'DELETE' && tail === undefined) {
    clear();
    return { status: 204, headers: {}, body: undefined };
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return error(new AppError(ErrorCode.NOT_FOUND, `No route ${method} ${path}`));
  }
  if (tail !== undefined && tail !== 'count') {
    const requestId = Number(tail);
    if (!Number.isInteger(requestId) || requestId < 1) {
      return error(
        new AppError(ErrorCode.VALIDATION_FAILED, 'requestId: must be an integer from 1'),
      );
    }
    const kept = calls.find((call) => call.id === requestId);
    if (!kept) {
      return error(
        new AppError(
          ErrorCode.NOT_FOUND,
          `This project has no logged call with the id ${requestId}`,
        ),
      );
    }
    return json(200, viewOf(kept));
  }
  const parsed = requestFiltersSchema.safeParse(mark === -1 ? {} : parseQuery(url.slice(mark + 1)));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path.join('.') ?? '';
    const message = issue?.message ?? 'The request is not valid';
    return error(
      new AppError(
        ErrorCode.VALIDATION_FAILED,
        message.startsWith(field) ? message : `${field}: ${message}`,
        { details: { issues: [{ path: `querystring:${field}`, message }] } },
      ),
    );
  }
  const filters = parsed.data;
  const newest: LoggedCallView[] = [];
  for (let at = calls.length - 1; at >= 0; at -= 1) {
    const view = viewOf(calls[at] as KeptCall);
    if (matches(view, filters)) newest.push(view);
  }
  // Every call answered is kept (the newest 1,000, as the service keeps): none dropped.
  if (tail === 'count') {
    const count: ReturnType<typeof requestCountSchema.parse> = {
      count: newest.length,
      complete: true,
      dropped: 0,
    };
    return json(200, count);
  }
  const list: RequestList = {
    requests: newest.slice(0, filters.limit),
    complete: true,
    dropped: 0,
  };
  return json(200, list);
}

/** A path segment decoded, or as it is when it does not decode. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
