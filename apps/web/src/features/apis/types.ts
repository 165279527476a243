import type { CustomHeader, HttpMethod, TemplateCategory } from '@mocksmith/core/schemas';

/**
 * One of the signed-in user's APIs as the screens read it. The wire's names (`requestEnum`,
 * `countUsed`, `option`, `httpCode`, `customHeaders`, `link`) stop at `api/`, which maps a
 * `UserApi` into this, in core's words (a `Route`'s: `method`, `status`, `headers`).
 */
export interface Api {
  id: string;
  /** The public id in the API's URL. */
  requestId: string;
  name: string;
  description: string | null;
  /** The template as JSON text. */
  template: string;
  method: HttpMethod;
  customEndpoint: string | null;
  /** Milliseconds to wait before answering. */
  delay: number;
  /** The status code it answers with. */
  status: number;
  /** The bearer token callers must send, or null for an open API. */
  authToken: string | null;
  /** The headers it answers with. */
  headers: CustomHeader[];
  isPublic: boolean;
  category: TemplateCategory | null;
  tags: string[];
  /** ISO 8601. */
  createdAt: string;
  /** Answered calls of its URL so far. */
  callCount: number;
  /** Its full public URL. */
  url: string;
}
