/**
 * Which of a route's responses answers a call: the one step of the request pipeline (DESIGN.md
 * §4b) that later issues extend (overrides, then rules) rather than adding a path beside it.
 * In order: what the caller asks for in a `Prefer` header (`example=NAME`, `code=404`, as Prism
 * reads it), then a response whose header condition the request meets (the AWS-style routes of
 * an import), then the route's rotation (sequential or random), then the default.
 */
import type { ResponseMatch, ResponseMode } from './model.ts';

/** What the choice needs of a response. */
export interface Choosable {
  name: string;
  status: number;
  isDefault: boolean;
  when?: ResponseMatch | null;
}

/** What the choice needs of the request. */
export interface ChoiceRequest {
  /** The `Prefer` header(s), as received. */
  prefer?: string | string[];
  /** A request header by its lower-case name. */
  header(name: string): string | undefined;
}

export type ChoiceReason = 'example' | 'code' | 'header' | 'sequential' | 'random' | 'default';

export type Choice<R> =
  | { ok: true; response: R; reason: ChoiceReason }
  | { ok: false; message: string };

/** The preferences of RFC 7240 a mock reads, lower-cased names; values unquoted. */
export interface Preferences {
  example?: string;
  code?: string;
  [name: string]: string | undefined;
}

/**
 * Reads `Prefer` headers: `Prefer: example=ok, code=404` or several headers. Values may be
 * quoted (`example="not found"`); parameters after `;` are ignored; the first of a repeated
 * preference wins (RFC 7240 §2).
 */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const preferences: Preferences = {};
  if (header === undefined) return preferences;
  const text = Array.isArray(header) ? header.join(',') : header;
  // Commas inside quotes do not split: a value is a token or a quoted string.
  const pattern = /\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,;]*))?[^,]*/g;
  for (const match of text.matchAll(pattern)) {
    const name = match[1]?.toLowerCase();
    if (!name || name in preferences) continue;
    const raw = (match[2] ?? '').trim();
    preferences[name] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  return preferences;
}

/**
 * The response that answers, and why; or, when the caller asked for one the route does not
 * have, a message saying so and naming those it has. `turn` gives the route's next call number
 * (for sequential rotation); `random` a number in [0, 1).
 */
export function chooseResponse<R extends Choosable>(
  responses: readonly R[],
  mode: ResponseMode,
  request: ChoiceRequest,
  turn: () => number,
  random: () => number = Math.random,
): Choice<R> {
  const fallback = responses.find((response) => response.isDefault) ?? (responses[0] as R);
  if (request.prefer !== undefined) {
    const preferences = parsePrefer(request.prefer);
    if (preferences.example !== undefined && preferences.example !== '') {
      const named = responses.find((response) => response.name === preferences.example);
      if (named) return { ok: true, response: named, reason: 'example' };
      return {
        ok: false,
        message: `This route has no response named "${preferences.example}" (Prefer: example=${preferences.example}); its responses: ${names(responses)}`,
      };
    }
    if (preferences.code !== undefined && preferences.code !== '') {
      const status = Number(preferences.code);
      const coded =
        (fallback.status === status ? fallback : undefined) ??
        responses.find((response) => response.status === status);
      if (coded) return { ok: true, response: coded, reason: 'code' };
      return {
        ok: false,
        message: `This route has no response with status ${preferences.code} (Prefer: code=${preferences.code}); its responses: ${names(responses)}`,
      };
    }
  }
  for (const response of responses) {
    const when = response.when;
    if (when && request.header(when.header) === when.equals) {
      return { ok: true, response, reason: 'header' };
    }
  }
  if (responses.length > 1 && mode !== 'default') {
    const index =
      mode === 'sequential'
        ? turn() % responses.length
        : Math.floor(random() * responses.length) % responses.length;
    return { ok: true, response: responses[index] as R, reason: mode };
  }
  return { ok: true, response: fallback, reason: 'default' };
}

function names(responses: readonly Choosable[]): string {
  return responses.map((response) => `${response.name} (${response.status})`).join(', ');
}
