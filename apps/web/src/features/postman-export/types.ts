import type { HttpMethod } from '@mocksmith/core/http';

/**
 * What the export screen reads of one of the user's APIs. The page hands in the APIs feature's
 * `Api`, which has these fields and more; features never import each other, so this says what it
 * needs rather than naming that type.
 */
export interface ExportableApi {
  id: string;
  /** The public id in the API's URL. */
  requestId: string;
  name: string;
  description: string | null;
  /** The template as JSON text. */
  template: string;
  method: HttpMethod;
  customEndpoint: string | null;
  /** The status code it answers with. */
  status: number;
  /** The bearer token callers must send, or null for an open API. */
  authToken: string | null;
  /** Answered calls of its URL so far. */
  callCount: number;
  /** Its full public URL. */
  url: string;
}
