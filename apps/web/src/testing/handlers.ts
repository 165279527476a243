/**
 * The server as the component tests see it by default: the session's user, an empty list of
 * APIs and history, a small catalogue and previews. A test replaces a call with `server.use`.
 */
import type { SessionUser } from '@mocksmith/core/auth';
import { HttpResponse, http } from 'msw';
import { testTypes, testUser } from './data.ts';

/** A path of the server as MSW matches it in the test page (the page's origin). */
export const backend = (path: string) => `http://localhost:3000/backend${path}`;

/** An error answer of the server: `{ statusCode, code, message, details? }`. */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  details?: unknown,
): HttpResponse<object> {
  return HttpResponse.json({ statusCode: status, code, message, details }, { status });
}

export const handlers = [
  http.get(backend('/user/me'), () => HttpResponse.json<SessionUser>(testUser)),
  // The account page's API keys: none, unless a test says otherwise.
  http.get(backend('/user/keys'), () => HttpResponse.json([])),
  http.get(backend('/auth/providers'), () => HttpResponse.json({ google: false })),
  http.get(backend('/types'), () => HttpResponse.json(testTypes)),
  http.get(backend('/crud/getall/:userId'), () => HttpResponse.json([])),
  http.get(backend('/history/:email'), () => HttpResponse.json({ messageHistoryList: [] })),
  http.post(backend('/apitemplate/preview'), async ({ request }) => {
    const { template } = (await request.json()) as { template: Record<string, unknown> };
    return HttpResponse.json(
      Object.fromEntries(Object.keys(template).map((key) => [key, `sample ${key}`])),
    );
  }),
];
