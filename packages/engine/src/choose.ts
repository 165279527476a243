/**
 * The choose step (DESIGN.md §4b): which of a route's responses answers a call, on core's
 * choice (projects/choose.ts): the caller's overrides (`Prefer`, `?__status`) unless the owner
 * turned them off, the route's rules (the owner's, then its responses' header conditions, which
 * the route's compiled rules hold), the rotation, the default.
 */
import { AppError, ErrorCode, type RawQuery } from '@mocksmith/core';
import {
  type Choosable,
  type CompiledRules,
  chooseResponse,
  type ResponseMode,
  type RuleMatch,
  type RuleRequest,
} from '@mocksmith/core/projects';
import { type Chosen, firstOf } from './call.ts';

/** What the choice needs of a response: core's, and the status it answers at. */
export interface ChoosableResponse extends Choosable {
  httpCode: number;
}

/** What the choice needs of a route (a compiled API). */
export interface ChoosableRoute<R extends ChoosableResponse> {
  id: string;
  /** Every response, the default among them. */
  responses: readonly R[];
  responseMode: ResponseMode;
  /**
   * Its rules, compiled once with its responses' header conditions (core's `compileRules`);
   * null when it has neither.
   */
  rules: CompiledRules | null;
  /** Whether callers may override its answer (the route's own setting). */
  overrides: boolean;
  /** Its answer when the call asks for nothing and no rule applies, made once. */
  byDefault: Chosen<R>;
}

/**
 * The response that answers, or a 400 naming the responses when the caller asked for one the
 * route lacks. A stand-alone API has one response and reads no Prefer header, as before projects.
 * @param overrides whether the caller's overrides count (the route's and its project's settings).
 * @param rules what the route's rules read of the call, built only when a rule needs it.
 * @param turns the next call number of each route with sequential rotation (the host's, per node).
 */
export function choose<R extends ChoosableResponse>(
  route: ChoosableRoute<R>,
  headers: Record<string, string | string[] | undefined>,
  query: RawQuery,
  overrides: boolean,
  rules: (() => RuleRequest) | null,
  turns: Map<string, number>,
): Chosen<R> {
  const status = overrides ? firstOf(query.__status) : undefined;
  // Nearly every call: one response, nothing asked for, no rules of the owner's. A header
  // condition of the one response could only pick that response: the default made ahead
  // answers, as it did before header conditions were rules.
  if (
    route.responses.length === 1 &&
    (route.rules === null || route.rules.size === 0) &&
    status === undefined &&
    (!overrides || headers.prefer === undefined)
  ) {
    return route.byDefault;
  }
  const compiled = route.rules;
  // A call that asks for nothing: the rules first, read once; none matching a route that answers
  // its default answers the default made ahead, as above (no choice built for the common case).
  let matched: RuleMatch | null | undefined;
  if (compiled && rules && status === undefined && (!overrides || headers.prefer === undefined)) {
    matched = compiled.match(rules());
    if (matched === null && (route.responses.length === 1 || route.responseMode === 'default')) {
      return route.byDefault;
    }
  }
  const choice = chooseResponse(
    route.responses,
    route.responseMode,
    {
      prefer: headers.prefer,
      status,
      overrides,
      rule:
        compiled && rules
          ? () => {
              if (matched === undefined) matched = compiled.match(rules());
              return matched
                ? {
                    index: matched.index,
                    name: matched.rule.name,
                    response: matched.rule.response,
                    fromWhen: matched.fromWhen === true,
                  }
                : null;
            }
          : undefined,
    },
    () => {
      const turn = turns.get(route.id) ?? 0;
      turns.set(route.id, turn + 1);
      return turn;
    },
  );
  if (!choice.ok) throw new AppError(ErrorCode.BAD_REQUEST, choice.message);
  return {
    response: choice.response,
    status: choice.status ?? choice.response.httpCode,
    generic: choice.status !== undefined,
    rule: choice.rule ?? null,
    ruleName: choice.ruleName ?? null,
    asked: choice.reason === 'example' || choice.reason === 'code' || choice.reason === 'dynamic',
    reason: choice.reason,
  };
}
