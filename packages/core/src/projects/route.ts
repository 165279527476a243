/**
 * The route: the one domain shape of what answers a mock call (DESIGN.md §4b). A project's
 * route, and a stand-alone API too (its custom endpoint as its path, one response). The stored
 * rows and the wire words (`requestEnum`, `option`, `httpCode`) are mapped to it at the edges:
 * the server's repositories and presenters, the web's form drafts.
 */
import type { NetworkProfile } from '../network/profile.ts';
import type { RequestContract } from '../openapi/request-contract.ts';
import type { ResponseMode, RouteMethod, RouteResponse } from './model.ts';
import type { RouteRule } from './rules.ts';

export interface Route {
  /** Its id (stable, never shown in a URL). */
  id: string;
  /** The public id of its own URL, `/api/{requestId}`. */
  requestId: string;
  method: RouteMethod;
  /**
   * Its path template: in its project (`/users/{id}`), or a stand-alone API's custom endpoint
   * after its id (`/orders/{id}`), or null for a stand-alone API without one.
   */
  path: string | null;
  /** Its named responses, exactly one of them the default; one for a stand-alone API. */
  responses: readonly RouteResponse[];
  /** How it picks among its responses when the call names none. */
  mode: ResponseMode;
  /** Its rules, in order: the first that matches the call picks its response. */
  rules: readonly RouteRule[];
  /** Its own network profile; null: its project's, if any. */
  network: NetworkProfile | null;
  /** Whether callers may override its answer (`?__status`, `?__delay`, `Prefer`). */
  overrides: boolean;
  /** The bearer token its calls need (`mck_...`), or null for an open route. */
  authToken: string | null;
  /**
   * What its OpenAPI operation asks of a request, kept from the import (issue 40), or null/absent
   * for a route not imported from a spec: the calls its project validates are checked against it.
   */
  request?: RequestContract | null;
}

/** A route's default response: the one that answers when nothing else picks one. */
export function defaultResponseOf(route: Pick<Route, 'responses'>): RouteResponse | undefined {
  return route.responses.find((response) => response.isDefault) ?? route.responses[0];
}
