/**
 * The name a call counts under in the top routes: the route that answered (`GET /users/{id}`),
 * or, for a call no route answered, its method and path with the segments that look like ids
 * (numbers, UUIDs, long hex or token-like strings) as `{id}`, so that `/nope/1` and `/nope/2`
 * are one line rather than thousands.
 */

import { isUuid } from '@mocksmith/core/ids';

const NUMBER = /^\d+$/;
const HEX = /^(?=.*\d)[0-9a-f]{12,}$/i;
/** Long strings of letters and digits mixed (ULIDs, tokens, hashes). */
const TOKEN = /^(?=.*\d)(?=.*[a-z])[\w-]{20,}$/i;

/** The longest name kept; longer ones are cut (a path is attacker-chosen). */
export const MAX_ROUTE_KEY_LENGTH = 200;

/** `path` with its id-like segments as `{id}`. */
export function normalisePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      NUMBER.test(segment) || isUuid(segment) || HEX.test(segment) || TOKEN.test(segment)
        ? '{id}'
        : segment,
    )
    .join('/');
}

/** The key of a call in the top routes. */
export function routeKeyOf(call: { method: string; path: string; route?: string | null }): string {
  const key = call.route ?? `${call.method} ${normalisePath(call.path)}`;
  return key.length > MAX_ROUTE_KEY_LENGTH ? key.slice(0, MAX_ROUTE_KEY_LENGTH) : key;
}
