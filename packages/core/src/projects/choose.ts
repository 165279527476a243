/**
 * Which of a route's responses answers a call: the one step of the request pipeline (DESIGN.md
 * §4b) that reads the caller's overrides and the route's rules. In order:
 * 1. what the caller asks for, unless the owner turned overrides off: `Prefer: example=NAME`,
 *    `Prefer: code=404` or `?__status=404` (a response with that status, else the default one
 *    answered with that status and a generic body), `Prefer: dynamic=true` (a response generated
 *    from its template rather than a stored example);
 * 2. the first of the route's rules that the request matches: the owner's, then the header
 *    conditions of its responses (the AWS-style routes of an import), which `compileRules`
 *    makes rules of, answered with the reason `header` and no rule named;
 * 3. the route's rotation (sequential or random);
 * 4. the default.
 */
import type { ResponseMode } from './model.ts';

/** What the choice needs of a response. */
export interface Choosable {
  name: string;
  status: number;
  isDefault: boolean;
  /** Its template is a stored example (literals only): `Prefer: dynamic=true` passes it by. */
  isExample?: boolean;
}

/** What the choice needs of the request. */
export interface ChoiceRequest {
  /** The `Prefer` header(s), as received. */
  prefer?: string | string[];
  /** `?__status`, as received. */
  status?: string;
  /** False when the owner turned the caller's overrides off (Prefer and `?__` are then ignored). */
  overrides?: boolean;
  /**
   * The route's rules matched against the request: the first match's index, name and response,
   * and whether it is a response's header condition rather than one of the owner's rules.
   */
  rule?: () => { index: number; name?: string; response: string; fromWhen?: boolean } | null;
}

export type ChoiceReason =
  | 'example'
  | 'code'
  | 'dynamic'
  | 'rule'
  | 'header'
  | 'sequential'
  | 'random'
  | 'default';

export type Choice<R> =
  | {
      ok: true;
      response: R;
      reason: ChoiceReason;
      /** Asked for with no response of it: answer `response` with this status, a generic body. */
      status?: number;
      /** The rule that picked it (0-based), when a rule did. */
      rule?: number;
      /** That rule's name, when it has one. */
      ruleName?: string;
    }
  | { ok: false; message: string };

/** A status a caller may ask for: 100 to 599. */
function askedStatus(text: string): number | null {
  if (!/^[1-5][0-9]{2}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * The status a caller asks for: `Prefer: code=N`, else `?__status=N` (100 to 599); undefined
 * when none is asked for, a message when the value is no such status.
 */
export function statusAsked(
  preferences: Preferences,
  status: string | undefined,
): { ok: true; status: number | undefined } | { ok: false; message: string } {
  const code = preferences.code ?? status;
  if (code === undefined || code === '') return { ok: true, status: undefined };
  const asked = askedStatus(code);
  if (asked === null) {
    return {
      ok: false,
      message: `"${code.slice(0, 40)}" is not a status to answer with: ask for one from 100 to 599 (Prefer: code=404 or ?__status=404)`,
    };
  }
  return { ok: true, status: asked };
}

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
  const overrides = request.overrides !== false;
  const preferences = overrides && request.prefer !== undefined ? parsePrefer(request.prefer) : {};
  if (preferences.example !== undefined && preferences.example !== '') {
    const named = responses.find((response) => response.name === preferences.example);
    if (named) return { ok: true, response: named, reason: 'example' };
    return {
      ok: false,
      message: `This route has no response named "${preferences.example}" (Prefer: example=${preferences.example}); its responses: ${names(responses)}`,
    };
  }
  const asked = statusAsked(preferences, overrides ? request.status : undefined);
  if (!asked.ok) return asked;
  const { status } = asked;
  if (status !== undefined) {
    const coded =
      (fallback.status === status ? fallback : undefined) ??
      responses.find((response) => response.status === status);
    if (coded) return { ok: true, response: coded, reason: 'code' };
    return { ok: true, response: fallback, reason: 'code', status };
  }
  if (preferences.dynamic === 'true') {
    const generated =
      (fallback.isExample ? undefined : fallback) ??
      responses.find((response) => response.status === fallback.status && !response.isExample);
    if (generated) return { ok: true, response: generated, reason: 'dynamic' };
  }
  const matched = request.rule?.();
  if (matched) {
    const picked = responses.find((response) => response.name === matched.response);
    if (picked) {
      // A header condition is no rule of the owner's: it is not named, nor numbered.
      if (matched.fromWhen) return { ok: true, response: picked, reason: 'header' };
      return {
        ok: true,
        response: picked,
        reason: 'rule',
        rule: matched.index,
        ...(matched.name !== undefined && { ruleName: matched.name }),
      };
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
