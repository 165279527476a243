/**
 * The texts, limits and accepted files of the OpenAPI import, apart from its schemas so that the
 * import screen can use them without the validation library (openapi-import.ts re-exports them).
 */

/** The largest file an import accepts: 10 MiB. */
export const MAX_OPENAPI_FILE_BYTES = 10 * 1024 * 1024;

/** The content types an upload may carry (spec section 5). */
export const OPENAPI_CONTENT_TYPES = [
  'application/json',
  'application/x-yaml',
  'text/yaml',
  'text/plain',
  'application/yaml',
] as const;

/** The file extensions an upload may have (spec section 5), also what the file picker offers. */
export const OPENAPI_EXTENSIONS = ['.json', '.yaml', '.yml'] as const;

/** The header that carries the skipped operations: URI-encoded JSON of `skippedOperation[]`. */
export const IMPORT_SKIPPED_HEADER = 'X-Import-Skipped';

/** Texts of the OpenAPI import; those the spec quotes are word for word. */
export const openApiMessages = {
  invalidFile: 'Please upload a valid OpenAPI file (JSON or YAML format)',
  /** The server's refusal: the spec's text, then why. */
  invalidFileBecause: (reason: string) =>
    `Please upload a valid OpenAPI file (JSON or YAML format): ${reason}`,
  rateLimited: 'Rate limit exceeded. Please wait before uploading another file.',
  rateLimitToast: 'OpenAPI upload rate limit exceeded',
  rateLimitCountdown: (seconds: number) => `Rate limit active - ${seconds} seconds remaining`,
  uploadFailed: 'Upload failed',
  processFailedToast: 'Failed to process OpenAPI file',
  created: (count: number) => `Successfully created ${count} templates from OpenAPI file`,
  analyzing: 'Analyzing OpenAPI specification...',
  tooLarge: `The file is too large: an OpenAPI file may have at most ${MAX_OPENAPI_FILE_BYTES / 1024 / 1024} MiB`,
  noOperations:
    'No operation of this file can become an API (only GET, POST, PUT and DELETE operations can)',
  tooSlow: (seconds: number) =>
    `The file took longer than ${seconds} seconds to analyse and was given up`,
} as const;

/** Whether an uploaded file may be an OpenAPI document: by content type or by extension. */
export function isOpenApiUpload(fileName: string, contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if ((OPENAPI_CONTENT_TYPES as readonly string[]).includes(type)) return true;
  const name = fileName.toLowerCase();
  return OPENAPI_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** Texts of the import's planner, in words a person reads (the report, the refusals). */
export const importLabels = {
  tooManyNodes: (limit: number, schema: string | undefined, operation: string | undefined) =>
    `The specification expands to more than ${limit.toLocaleString('en')} schema nodes (${[
      operation ? `the answer of ${operation}` : undefined,
      schema
        ? `schema ${schema} references others that reference others, each more than once`
        : 'its schemas reference others that reference others, each more than once',
    ]
      .filter(Boolean)
      .join(': ')}); simplify it or split it.`,
  externalRef: (ref: string) =>
    `refers to ${JSON.stringify(ref)}, in another file or at a URL, which an import never fetches: nothing is generated for it`,
} as const;
