/**
 * The headers every answer of a public mock URL carries, errors included. A mock answer is
 * content written by a stranger and served to whoever opens its link: whatever its Content-Type,
 * it must never run as a page of ours. `sandbox` with nothing allowed gives the document a unique
 * opaque origin with no scripts, forms, popups or navigation; `default-src 'none'` loads nothing
 * into it; nosniff stops browsers from guessing HTML (or a script) out of a JSON body.
 */
export const MOCK_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
};

/**
 * Whether a path is one of the public mock URL forms (`/api/{id}...`,
 * `/backend/apitemplate/{method}/{id}...`), for code that runs before routing knows, such as the
 * CORS preflight that the CORS plugin answers on a route of its own.
 */
export function isMockPath(url: string): boolean {
  return MOCK_PATH.test(url);
}

const MOCK_PATH = /^\/(api\/|backend\/apitemplate\/(get|post|put|delete)\/)/i;
