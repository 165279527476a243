/** A non-2xx answer from the server, with its error code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type ErrorBody = { statusCode?: number; code?: string; message?: string; details?: unknown };

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
  const code = typeof body?.code === 'string' ? body.code : 'HTTP_ERROR';
  return new ApiError(response.status, code, message, body?.details);
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** POSTs `body` as JSON and returns the parsed JSON answer; throws ApiError on a non-2xx answer. */
export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  return request<T>('POST', path, body);
}

/** GETs `path` and returns the parsed JSON answer; throws ApiError on a non-2xx answer. */
export async function apiGet<T>(path: string): Promise<T> {
  return request<T>('GET', path);
}
