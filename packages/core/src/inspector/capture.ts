/**
 * A call as the mock URLs capture it once answered: references and numbers, nothing built. Most
 * calls of a flood are only counted by the analytics and never stored (a project keeps its
 * newest calls of each flush), so the work of an entry (its path and query cut out, its body
 * masked and serialised, its time as a date) is done by `callOf` for the few that are stored.
 */
import { withoutAppCookies } from '../http.ts';
import type { CallOwner, NewLoggedCall } from './call.ts';
import { maskBody, maskJson } from './mask.ts';

/** The bytes of a call's body the inspector keeps (16 KiB). */
export const LOGGED_BODY_BYTES = 16 * 1024;
/** The characters of a query string the inspector keeps. */
const LOGGED_QUERY_CHARS = 2000;

/** The fields a capture shares with its logged call: the answer, its times, the caller. */
type Answered = Pick<
  NewLoggedCall,
  | 'method'
  | 'route'
  | 'collection'
  | 'status'
  | 'response'
  | 'rule'
  | 'latencyMs'
  | 'delayMs'
  | 'fault'
  | 'upstream'
  | 'session'
  | 'client'
  | 'violations'
  | 'drift'
>;

/** One call as the mock URLs capture it (see above); `callOf` builds its logged call. */
export type CallCapture = CallOwner &
  Answered & {
    /** Its arrival, in milliseconds since the epoch. */
    at: number;
    /** The URL as received; the call's own path (after the base URL) starts at `pathAt`. */
    url: string;
    pathAt: number;
    /** As received: the log masks the stored calls' headers. */
    headers: Record<string, string | string[] | undefined>;
    /** The body as parsed JSON, when it was JSON that parsed (undefined otherwise). */
    json: unknown;
    /** Its first bytes as received (at least LOGGED_BODY_BYTES when there were more), or null. */
    raw: readonly Uint8Array[] | null;
    /** Whether there were more bytes than `raw` holds. */
    rawCut: boolean;
    /** False when its logging is off: counted by the analytics, never stored. */
    stored: boolean;
  };

/** In every runtime this code runs on (Node and browsers); core's type library names neither. */
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };
const decoder = new TextDecoder();

/**
 * A captured call as the inspector stores it: the app's own cookies gone (see
 * withoutAppCookies), the other headers and the query not yet masked.
 */
export function callOf(capture: CallCapture): NewLoggedCall {
  const { url, pathAt } = capture;
  const mark = url.indexOf('?', pathAt);
  const body = bodyOf(capture);
  // Every field written out, none spread: an object literal that starts with a spread gets
  // its fields added one by one, and one of this size ends up a slower, larger dictionary.
  return {
    projectId: capture.projectId,
    apiId: capture.apiId ?? null,
    at: new Date(capture.at),
    method: capture.method,
    path: pathOf(capture),
    route: capture.route,
    collection: capture.collection,
    query: mark === -1 ? '' : url.slice(mark + 1, mark + 1 + LOGGED_QUERY_CHARS),
    headers: withoutAppCookies(capture.headers) as Record<string, string>,
    masked: false,
    body: body?.body ?? null,
    bodyTruncated: body?.truncated ?? false,
    status: capture.status,
    response: capture.response,
    rule: capture.rule,
    latencyMs: Math.round(capture.latencyMs * 100) / 100,
    delayMs: capture.delayMs,
    fault: capture.fault,
    upstream: capture.upstream,
    session: capture.session,
    client: capture.client,
    violations: capture.violations ?? null,
    drift: capture.drift ?? null,
  } as NewLoggedCall;
}

/** A captured call's path after its base URL, without the query ('/' when empty). */
export function pathOf({ url, pathAt }: Pick<CallCapture, 'url' | 'pathAt'>): string {
  const mark = url.indexOf('?', pathAt);
  const path = mark === -1 ? url.slice(pathAt) : url.slice(pathAt, mark);
  return path === '' ? '/' : path;
}

/**
 * A call's body as the inspector keeps it: parsed JSON masked and re-serialised (the mask cuts
 * what is nested past MAX_JSON_DEPTH, so that it serialises, whatever the value), else the first
 * bytes as text, masked by field name; at most LOGGED_BODY_BYTES, cut ones marked.
 */
function bodyOf(capture: CallCapture): { body: string; truncated: boolean } | null {
  if (capture.json !== undefined && capture.json !== null) {
    const text = JSON.stringify(maskJson(capture.json));
    return text.length > LOGGED_BODY_BYTES
      ? { body: text.slice(0, LOGGED_BODY_BYTES), truncated: true }
      : { body: text, truncated: false };
  }
  const chunks = capture.raw;
  if (!chunks || chunks.length === 0) return null;
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const bytes = new Uint8Array(Math.min(size, LOGGED_BODY_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= bytes.length) break;
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
  }
  const masked = maskBody(decoder.decode(bytes), LOGGED_BODY_BYTES);
  return {
    body: masked.body,
    truncated: capture.rawCut || size > bytes.length || masked.truncated,
  };
}
