/**
 * The admit stage's last check (DESIGN.md §4b, issue 40): a call of a route imported from an
 * OpenAPI document, checked against what its operation asks of a request, once its body is read
 * (so it runs first in handle.ts, not in the host's earlier hooks). The project's
 * `settings.validation` says what follows: `off` nothing; `report` the call is answered as usual
 * and its violations kept for the inspector (the answer counts them in `X-Mock-Violations`);
 * `enforce` the call is refused with an RFC 9457 problem listing them: 401 for a missing
 * credential, 422 for a well-formed body that breaks its schema, else 400.
 */
import type { RequestCheck, Violation } from '@mocksmith/core/openapi';
import type { MockCall, SentAnswer } from './call.ts';

/** What the project's setting asks of its calls. */
export type ValidationMode = 'off' | 'report' | 'enforce';

/** What the step reads of a route: its compiled check, or null when it has no contract. */
export interface ValidatedRoute {
  requestCheck?: RequestCheck | null;
}

/** The header a reported call's answer carries: how many violations (never their text). */
export const VIOLATIONS_HEADER = 'x-mock-violations';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  422: 'Unprocessable Content',
};

/**
 * Checks a call of `route` in `mode`: its violations kept on the call (for the log), and, when
 * enforced and there are some, the refusal to send; null when the call goes on.
 */
export function validate<A extends ValidatedRoute, R, P, C>(
  call: MockCall<A, R, P, C>,
  route: A,
  mode: ValidationMode | undefined,
): SentAnswer | null {
  const check = route.requestCheck;
  if (check == null || mode === undefined || mode === 'off') return null;
  // The call is what the check reads (its params, query, headers and body): no copy per call.
  const violations = check(call);
  if (violations.length === 0) return null;
  call.violations = violations.map((v) => v.text);
  if (mode === 'report') return null;
  return problemAnswer(violations, check.challenge);
}

/** The status a refusal answers: 401 before 400 before 422. */
function statusOf(violations: readonly Violation[]): number {
  if (violations.some((v) => v.kind === 'credential')) return 401;
  return violations.some((v) => v.kind === 'request') ? 400 : 422;
}

/** An enforced refusal: `application/problem+json` (RFC 9457) listing the violations in words. */
export function problemAnswer(
  violations: readonly Violation[],
  challenge: string | null,
): SentAnswer {
  const status = statusOf(violations);
  const count = violations.length;
  const headers: [string, string][] = [
    ['content-type', 'application/problem+json'],
    [VIOLATIONS_HEADER, String(count)],
  ];
  if (status === 401 && challenge !== null) headers.push(['www-authenticate', challenge]);
  return {
    kind: 'send',
    status,
    headers,
    payload: JSON.stringify({
      type: 'about:blank',
      title: TITLES[status],
      status,
      detail: `The request breaks the API's OpenAPI description (${count} ${count === 1 ? 'violation' : 'violations'})`,
      violations: violations.map((v) => v.text),
    }),
    counted: null,
  };
}

/** An answer's headers given before it was made, with a reported call's count of violations. */
export function withViolations(
  marks: readonly (readonly [string, string])[] | null,
  violations: readonly string[] | null,
): readonly (readonly [string, string])[] | null {
  if (violations === null) return marks;
  const header: readonly [string, string] = [VIOLATIONS_HEADER, String(violations.length)];
  return marks === null ? [header] : [...marks, header];
}
