/**
 * The capture step (DESIGN.md §4b): a call, once answered, as the log and the analytics take it:
 * references and numbers read off the MockCall, nothing built (core's inspector/capture.ts builds
 * an entry at the log's flush, for the few calls it stores). A call is captured once: a project's
 * (a route called at its stand-alone URL is its project's), or a stand-alone API's with an owner;
 * an anonymous or official API's calls are not (no one could see them).
 */
import type { RawQuery } from '@mocksmith/core';
import type { CallCapture } from '@mocksmith/core/inspector';
import { firstOf, type MockCall } from './call.ts';

/** What capture reads of a route (a compiled API). */
export interface CapturableRoute {
  id: string;
  projectId: string | null;
  ownerId: string | null;
  /** The name its calls are logged under (`GET /users/{id}`), null standing alone. */
  routeName: string | null;
}

/** What capture reads of a project. */
export interface CapturableProject {
  id: string;
  settings: { logging?: boolean };
}

/** What capture reads of a collection's call (null `collection`: the project's reset). */
export interface CapturableCollection<P> {
  project: P;
  collection: { name: string; path: string } | null;
  recordId: string | null;
  parent: { collection: { path: string } } | null;
}

/** The answer's timing as the host knows it: read only for a call that is captured. */
export interface CallTiming {
  /** Milliseconds from the call's arrival to its answer. */
  readonly elapsedTime: number;
}

/**
 * The capture of an answered call, or null when it is not to be captured (or was already). Reads
 * the clock and the timing only for a call it captures: an anonymous API's costs one test.
 * @param pathAt where the call's own path starts in a URL of a project's base URL (the host's URL
 *   layout; 0 for a URL of another form).
 */
export function capture<
  A extends CapturableRoute,
  R extends { name: string },
  P extends CapturableProject,
  C extends CapturableCollection<P>,
>(
  call: MockCall<A, R, P, C>,
  status: number,
  timing: CallTiming,
  pathAt: (url: string) => number,
  now: () => number = Date.now,
): CallCapture | null {
  if (call.captured) return null;
  const project = call.project ?? call.collection?.project ?? null;
  const api = project === null ? call.route : null;
  if (project === null && (api === null || api.projectId !== null || api.ownerId === null)) {
    return null;
  }
  call.captured = true;
  const elapsed = timing.elapsedTime;
  // What the answer's X-Mock-Response and X-Mock-Rule said: a project's route only.
  const chosen = call.project === null ? null : call.chosen;
  // Every field written out, none spread: a literal that starts with a spread gets its fields
  // added one by one, and one of this size ends up a dictionary (measured: the garbage
  // collector's share of the route's profile went from 6.5% to 14.5%).
  return {
    projectId: project === null ? null : project.id,
    apiId: project === null ? (api as A).id : null,
    at: now() - elapsed,
    method: call.method,
    url: call.url,
    // A route called at its own URL keeps that URL whole, as a stand-alone API's call does.
    pathAt: project === null ? 0 : pathAt(call.url),
    route: routeNameOf(call),
    collection: call.collection?.collection?.name ?? null,
    headers: call.headers,
    json: call.bodyProblem === null ? call.body : undefined,
    raw: call.rawBody,
    rawCut: call.bodyProblem === 'too-large',
    status,
    response: chosen === null || chosen.generic ? null : headerText(chosen.response.name),
    rule: chosen === null || chosen.rule === null ? null : chosen.rule + 1,
    latencyMs: elapsed,
    delayMs: call.delay,
    fault: call.fault,
    upstream: call.upstream,
    session: sessionNamed(call.headers, call.query) ?? null,
    client: call.client,
    violations: call.violations,
    drift: call.drift,
    stored: project === null || project.settings.logging !== false,
  } as CallCapture;
}

/** A response's name as a header value: ASCII as it is, anything else percent-encoded. */
export function headerText(name: string): string {
  return /^[\x20-\x7e]*$/.test(name) ? name : encodeURIComponent(name);
}

/** The session a call names (`X-Mock-Session`, else `?__session`), if any. */
export function sessionNamed(
  headers: Record<string, string | string[] | undefined>,
  query: RawQuery | undefined,
): string | undefined {
  return firstOf(headers['x-mock-session']) ?? firstOf(query?.__session);
}

/** The route of a project that answered a call (`GET /users/{id}`), or null (none did). */
function routeNameOf<A extends CapturableRoute, P, C extends CapturableCollection<P>>(
  call: MockCall<A, { name: string }, P, C>,
): string | null {
  const api = call.route;
  if (api?.routeName) return api.routeName;
  const target = call.collection;
  if (target?.collection) {
    const method = call.method === 'HEAD' ? 'GET' : call.method;
    if (target.parent !== null) {
      return `${method} ${target.parent.collection.path}/{id}/${target.collection.name}`;
    }
    return `${method} ${target.collection.path}${target.recordId === null ? '' : '/{id}'}`;
  }
  return null;
}
