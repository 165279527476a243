/**
 * The frame of an OpenAPI document the exports write (projects/openapi-export.ts, one exporter
 * for a project's routes and for stand-alone APIs): its version, its shape, the bearer scheme.
 */

/** The OpenAPI version the export writes. */
export const OPENAPI_VERSION = '3.1.0';

/** The name of the security scheme of the protected APIs. */
export const BEARER_SCHEME = 'bearerAuth';

/** An OpenAPI 3.1.0 document, as the export writes it. */
export interface OpenApiDocument {
  openapi: typeof OPENAPI_VERSION;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes?: Record<string, unknown> };
}
