import { useMutation } from '@tanstack/react-query';
import { callMock, type MockCallAnswer } from '../../../lib/call-mock.ts';

/** One call of a route's live URL, as the Test panel sends it. */
export interface LiveCall {
  method: string;
  /** The URL as shown: the project's base URL, the path and the query. */
  url: string;
  headers: Record<string, string>;
  /** The body as typed, sent as it is; none for a method without one. */
  body?: string;
}

/** What the Test panel shows of the answer. */
export type LiveAnswer = MockCallAnswer;

/** Calls a route's live URL as any client would (lib/call-mock.ts), without cookies. */
export function callRoute(call: LiveCall): Promise<LiveAnswer> {
  return callMock(call);
}

/** Calls a route from the Test panel; `isPending` while the call runs. */
export function useCallRoute() {
  return useMutation({ mutationFn: callRoute });
}
