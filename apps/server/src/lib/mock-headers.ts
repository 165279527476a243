// The sandbox every answer of a mock URL carries: the engine's, shared with the command-line runner.
export { MOCK_ANSWER_HEADERS } from '@mocksmith/engine';

/**
 * Whether a path is one of the public mock URL forms (`/api/{id}...`,
 * `/backend/apitemplate/{method}/{id}...`), for code that runs before routing knows, such as the
 * Origin check of the site's API, which these URLs (called from any origin) pass.
 */
export function isMockPath(url: string): boolean {
  return MOCK_PATH.test(url);
}

const MOCK_PATH = /^\/(api\/|backend\/apitemplate\/(get|post|put|delete)\/)/i;
