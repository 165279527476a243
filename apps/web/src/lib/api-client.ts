import { ErrorCode } from '@mocksmith/core/errors';

/** A non-2xx answer from the server, with its error code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  /** The answer's HTTP status text ('Bad Gateway'), '' when it had none. */
  readonly statusText: string;

  constructor(status: number, code: string, message: string, details?: unknown, statusText = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.statusText = statusText;
  }
}

type ErrorBody = { statusCode?: number; code?: string; message?: string; details?: unknown };

/**
 * The code of an answer without the server's error body (a proxy's bare 502, say); its message is
 * then only the HTTP status text.
 */
export const NO_ERROR_BODY = 'HTTP_ERROR';

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody | undefined;
  try {
    const text = await response.text();
    body = text ? (JSON.parse(text) as ErrorBody) : undefined;
  } catch {
    body = undefined;
  }
  const message =
    typeof body?.message === 'string' && body.message !== ''
      ? body.message
      : response.statusText || `Request failed (${response.status})`;
  const code = typeof body?.code === 'string' ? body.code : NO_ERROR_BODY;
  return new ApiError(response.status, code, message, body?.details, response.statusText);
}

/** Options of one call. */
export interface RequestOptions {
  /**
   * The call needs the session (spec section 7): a 401 or 403 answer means it has ended, and the
   * handler set by `onSessionExpired` runs before the error is thrown. `'own-403'`: only a 401,
   * or a 403 whose code is ACCOUNT_BANNED, ends the session; any other 403 is the call's own
   * answer (a gallery template that is not shared), which the caller handles.
   */
  auth?: boolean | 'own-403';
}

/** Whether `error`, the answer of a call made with `auth`, means the session has ended. */
function endsSession(error: ApiError, auth: RequestOptions['auth']): boolean {
  if (!auth) return false;
  if (error.status === 401) return true;
  if (error.status !== 403) return false;
  return auth === true || error.code === ErrorCode.ACCOUNT_BANNED;
}

let sessionExpiredHandler: ((error: ApiError) => void) | null = null;

/**
 * Sets what happens when a call with `auth` gets 401 or 403 (the auth provider clears the stored
 * user, which sends guarded pages to /auth). Returns a function that removes the handler.
 */
export function onSessionExpired(handler: (error: ApiError) => void): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = null;
  };
}

const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };

/**
 * Where the browser can yield, a call is sent from a task of its own, ahead of the tasks queued
 * meanwhile: a page's queries start their calls from React's effects, all in one task, and each
 * `fetch` costs the main thread a few milliseconds (more under a profiler's network
 * instrumentation, which records the call's stack), so a page asking for four things made that
 * task long.
 */
const ownTask = typeof scheduler?.yield === 'function' ? scheduler.yield.bind(scheduler) : null;

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  if (ownTask) await ownTask();
  // A form goes as multipart, its boundary set by the browser; anything else as JSON.
  const form = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = await toApiError(response);
    if (endsSession(error, options.auth)) {
      sessionExpiredHandler?.(error);
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** POSTs `body` as JSON and returns the parsed JSON answer; throws ApiError on a non-2xx answer. */
export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, body, options);
}

/** POSTs `form` as multipart/form-data (a file upload); throws ApiError on a non-2xx answer. */
export function apiPostForm<T>(path: string, form: FormData, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, form, options);
}

/** PUTs `body` as JSON and returns the parsed JSON answer; throws ApiError on a non-2xx answer. */
export function apiPut<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PUT', path, body, options);
}

/** PATCHes `body` as JSON and returns the parsed JSON answer; throws ApiError on a non-2xx answer. */
export function apiPatch<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PATCH', path, body, options);
}

/** GETs `path` and returns the parsed JSON answer; throws ApiError on a non-2xx answer. */
export function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

/** DELETEs `path` (with an optional JSON body); throws ApiError on a non-2xx answer. */
export function apiDelete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('DELETE', path, body, options);
}
