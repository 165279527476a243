/**
 * The headers every answer of a mock URL carries, whichever host sends it (the server's mock
 * scopes, the command-line runner), so that both answer a browser the same way.
 */

/**
 * The sandbox, errors included. A mock answer is content written by a stranger and served to
 * whoever opens its link: whatever its Content-Type, it must never run as a page of ours.
 * `sandbox` with nothing allowed gives the document a unique opaque origin with no scripts,
 * forms, popups or navigation; `default-src 'none'` loads nothing into it; nosniff stops browsers
 * from guessing HTML (or a script) out of a JSON body.
 */
export const MOCK_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
};

/** Open CORS: mock URLs are called from browser apps on any origin. */
export const MOCK_CORS = {
  origin: '*',
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposedHeaders: '*',
  /** Seconds a browser keeps a preflight's answer. */
  maxAge: 86_400,
} as const;
