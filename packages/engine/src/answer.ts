/**
 * The answer step (DESIGN.md §4b): the one renderer of a response (`renderResponse`), which the
 * live answer and the large-answer worker both run, so that any answer is made one way: the list
 * query checked first, one body generated (seeded by `?seed`), sorted and paginated.
 */
import { STATUS_CODES } from 'node:http';
import {
  AppError,
  applyParsedListQuery,
  type CompiledTemplate,
  type JsonValue,
  parseListQuery,
  type RawQuery,
  ResponseTooLargeError,
} from '@mocksmith/core';
import { EMPTY_REQUEST, type RequestContext } from '@mocksmith/core/projects';
import type { MockAnswer, SentAnswer } from './call.ts';

/** What the renderer needs of a response, compiled once (the server's mock-cache.ts). */
export interface RenderableResponse {
  /** Its status. */
  httpCode: number;
  /** Its own response headers, ready to send. */
  headerList: readonly (readonly [string, string])[];
  compiled: CompiledTemplate;
  /** The serialised body of a template without generated values, computed once; else null. */
  staticBody: string | null;
}

const LIST_PARAMETERS = new Set(['sort', 'order', 'page', 'limit']);

/**
 * The answer of a response to a query: its status, the list headers and its own, and the body.
 * A bad list parameter is a 400 before any body is generated; a template with only literals
 * answers its one body, serialised once. A template that reads the request gets `request` (the
 * empty request when none is given).
 * @param pageUrl the URL of this page without its query, for the `Link` header.
 */
export function renderResponse(
  response: RenderableResponse,
  query: RawQuery,
  pageUrl: () => string,
  request?: RequestContext,
): MockAnswer {
  const own = response.headerList;
  if (response.staticBody !== null && !hasListQuery(query)) {
    return {
      status: response.httpCode,
      headers: own,
      payload: response.httpCode === 204 ? undefined : response.staticBody,
    };
  }
  const { headers, payload } = generated(response, query, pageUrl(), request);
  return { status: response.httpCode, headers, payload };
}

/**
 * The live answer of a response (handle.ts): renderResponse's, as an answer to send, after the
 * headers it was given before (`marks`, null for none), and counted on the API `counted`. The
 * page's URL is made from the call's URL only when a list needs it.
 */
export function renderAnswer(
  response: RenderableResponse,
  query: RawQuery,
  pageUrl: (url: string) => string,
  url: string,
  request: RequestContext | undefined,
  marks: readonly (readonly [string, string])[] | null,
  counted: string | null,
): SentAnswer {
  if (response.staticBody !== null && !hasListQuery(query)) {
    const own = response.headerList;
    return {
      kind: 'send',
      status: response.httpCode,
      headers: marks === null ? own : [...marks, ...own],
      payload: response.httpCode === 204 ? undefined : response.staticBody,
      counted,
    };
  }
  const { headers, payload } = generated(response, query, pageUrl(url), request);
  return {
    kind: 'send',
    status: response.httpCode,
    headers: marks === null ? headers : [...marks, ...headers],
    payload,
    counted,
  };
}

/** A body generated for a query, sorted and paginated: the list headers then the API's own. */
function generated(
  response: RenderableResponse,
  query: RawQuery,
  pageUrl: string,
  request: RequestContext | undefined,
): Omit<MockAnswer, 'status'> {
  const parsed = parseListQuery(query);
  if (!parsed.ok) throw new AppError(parsed.error.code, parsed.error.message);
  const seed = query.seed;
  const body = generate(
    response,
    typeof seed === 'string' ? seed : seed?.[0],
    request ?? EMPTY_REQUEST,
  );
  // The whole query goes on to the Link header, so following `next` keeps the seed.
  const listed = applyParsedListQuery(body, parsed.value, { path: pageUrl, query });
  const listHeaders = Object.entries(listed.headers);
  const own = response.headerList;
  return {
    headers: listHeaders.length === 0 ? own : [...listHeaders, ...own],
    // A 204 has no body: generated all the same, so its headers are those of the others.
    payload: response.httpCode === 204 ? undefined : JSON.stringify(listed.body),
  };
}

/**
 * A template as a previewed response: answering 200 with no headers of its own, its body
 * generated on each preview (a preview is made once, so no static body is kept).
 */
export function previewResponse(compiled: CompiledTemplate): RenderableResponse {
  return { httpCode: 200, headerList: [], compiled, staticBody: null };
}

/** The body of a status asked for that no response of the route has. */
export function genericBody(status: number): string {
  return JSON.stringify({ statusCode: status, message: STATUS_CODES[status] ?? 'Status' });
}

function hasListQuery(query: RawQuery): boolean {
  for (const key in query) if (LIST_PARAMETERS.has(key)) return true;
  return false;
}

/** One body of a response; one saved before the size limit stops past it (500 saying why). */
function generate(
  response: RenderableResponse,
  seed: string | undefined,
  request: RequestContext | undefined,
): JsonValue {
  try {
    return response.compiled.generate(seed === undefined ? { request } : { seed, request });
  } catch (error) {
    if (!(error instanceof ResponseTooLargeError)) throw error;
    // The template passed its check when saved; a live answer past the limit is our failure.
    throw new AppError(error.code, error.message, { status: 500 });
  }
}
