import type { HttpMethod } from '@mocksmith/core/http';
import type { PostmanApi } from '@mocksmith/core/postman';

/** What the exports read of one of the user's APIs, in the web's own field names. */
export interface ApiToExport {
  requestId: string;
  name: string;
  description: string | null;
  /** The template as JSON text. */
  template: string;
  method: HttpMethod;
  customEndpoint: string | null;
  status: number;
  authToken: string | null;
}

/**
 * An API as core's exports take it (the Postman collection and the OpenAPI document read the
 * same fields, in the wire's names).
 */
export function toExportedApi(api: ApiToExport): PostmanApi {
  return {
    requestId: api.requestId,
    name: api.name,
    description: api.description,
    template: api.template,
    requestEnum: api.method,
    customEndpoint: api.customEndpoint,
    option: { httpCode: api.status, authToken: api.authToken },
  };
}
