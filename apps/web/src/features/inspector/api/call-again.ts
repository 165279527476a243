import { useMutation } from '@tanstack/react-query';
import { callMock, type MockCallAnswer } from '../../../lib/call-mock.ts';

/** A logged call sent again. */
export interface Replay {
  method: string;
  /** The URL as shown: the project's base URL (an API's origin), the path and the query. */
  url: string;
  headers: [string, string][];
  /** The body as logged; none when there was none. */
  body?: string;
}

/** What the detail shows of the answer to a call sent again. */
export type ReplayAnswer = MockCallAnswer;

/** Sends a logged call again to its live URL (lib/call-mock.ts), without cookies. */
export function callAgain(replay: Replay): Promise<ReplayAnswer> {
  return callMock(replay);
}

export function useCallAgain() {
  return useMutation({ mutationFn: callAgain });
}
