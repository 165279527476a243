/**
 * The texts, limits and accepted files of the OpenAPI import, apart from its schemas so that the
 * import screen can use them without the validation library (openapi-import.ts re-exports them).
 */

/** The largest file an import accepts: 10 MiB. */
export const MAX_OPENAPI_FILE_BYTES = 10 * 1024 * 1024;
/**
 * A HAR recording imported into a project may be larger: a browser session's recording holds every
 * answer's body (issue 39: 40 MB recordings import; the worker plans one in under 2 s).
 */
export const MAX_HAR_FILE_BYTES = 48 * 1024 * 1024;

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
  harTooLarge: `The file is too large: a HAR file may have at most ${MAX_HAR_FILE_BYTES / 1024 / 1024} MiB, an OpenAPI file ${MAX_OPENAPI_FILE_BYTES / 1024 / 1024} MiB`,
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

/**
 * The extension of a HAR file (issue 39), which an import into a project also reads: browsers
 * and proxies save one as JSON, whatever content type the upload then carries.
 */
export const HAR_EXTENSION = '.har';

/** The file extensions an import into a project takes, also what its file picker offers. */
export const PROJECT_IMPORT_EXTENSIONS = [...OPENAPI_EXTENSIONS, HAR_EXTENSION] as const;

/** Whether an uploaded file may be an OpenAPI document or a HAR file (an import into a project). */
export function isProjectImportUpload(fileName: string, contentType: string): boolean {
  return isOpenApiUpload(fileName, contentType) || fileName.toLowerCase().endsWith(HAR_EXTENSION);
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
  firstBranch: (label: string | undefined) =>
    `the spec allows several shapes and names no discriminator; the first shape${label ? `, ${label},` : ''} is used`,
  discriminator: (property: string, labels: readonly string[]) =>
    `the spec allows several shapes, told apart by "${property}": each answer is one of ${labels.join(', ')}, with "${property}" set to match`,
  nullBranch: 'the value may be null: answers give null or the other shape',
  recursionCut: 'the schema refers back to itself: it is expanded twice, then stops here',
  externalRef: (ref: string) =>
    `refers to ${JSON.stringify(ref)}, in another file or at a URL, which an import never fetches: nothing is generated for it`,
} as const;

/** The report of one imported operation, as the answer carries it. */
export interface ImportReportText {
  source: 'example' | 'schema' | 'none';
  ignored: readonly { pointer: string; keyword: string; reason: string }[];
  branches: readonly { pointer: string; chosen: string; why: string }[];
  recursionCut: readonly string[];
  contradictingExamples: readonly { pointer: string; errors: readonly string[] }[];
}

const SOURCES = {
  example: 'The body is the operation’s own example.',
  schema: 'The body is made from the response schema.',
  none: 'The operation has no JSON answer: the body is an empty object.',
} as const;

function unescapeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Where a report's JSON pointer points, in words: `#/paths/~1visits/post/responses/201/content/
 * application~1json/schema/properties/vet/oneOf` is 'POST /visits, field vet'; a pointer into the
 * template of a visitor's import (`template:/a/0/b`) is 'field a[].b'.
 */
export function placeInWords(pointer: string): string {
  let operation = '';
  let status = '';
  let segments: string[];
  let inTemplate = false;
  if (pointer.startsWith('template:')) {
    inTemplate = true;
    segments = pointer.slice('template:'.length).split('/').filter(Boolean).map(unescapeSegment);
  } else {
    segments = pointer.replace(/^#\/?/, '').split('/').map(unescapeSegment);
    if (segments[0] === 'paths' && segments.length >= 3) {
      operation = `${segments[2]!.toUpperCase()} ${segments[1]}`;
      segments = segments.slice(3);
      if (segments[0] === 'responses') {
        status = segments[1] ?? '';
        segments = segments.slice(2);
      }
      // The media type and the word `schema`: the body itself.
      if (segments[0] === 'content') segments = segments.slice(2);
      if (segments[0] === 'schema' || segments[0] === 'examples' || segments[0] === 'example') {
        segments = segments[0] === 'schema' ? segments.slice(1) : [];
      }
    }
  }
  let field = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (inTemplate) {
      if (/^\d+$/.test(segment)) field += '[]';
      else field += field ? `.${segment}` : segment;
    } else if (segment === 'properties' && i + 1 < segments.length) {
      const name = segments[++i]!;
      field += field ? `.${name}` : name;
    } else if (segment === 'items') {
      field += '[]';
    } else if (segment === 'oneOf' || segment === 'anyOf' || segment === 'allOf') {
      // The choice itself is named by the line; a branch's index adds nothing a person reads.
      if (/^\d+$/.test(segments[i + 1] ?? '')) i++;
    }
  }
  const where = field.startsWith('[]')
    ? field === '[]'
      ? 'each item of the body'
      : `each item, field ${field.replace(/^\[\]\.?/, '')}`
    : field
      ? `field ${field}`
      : status
        ? `the answer (${status})`
        : 'the body';
  return operation ? `${operation}, ${where}` : where;
}

/**
 * An import report as sentences a person reads, one per line: where the body came from, then
 * each place (the operation and the field, in words) with what was done there and why.
 */
export function importReportLines(report: ImportReportText): string[] {
  return [
    SOURCES[report.source],
    ...report.branches.map((item) => `${placeInWords(item.pointer)}: ${item.why}.`),
    ...report.ignored.map((item) => `${placeInWords(item.pointer)}: ${item.reason}.`),
    ...report.recursionCut.map(
      (pointer) => `${placeInWords(pointer)}: ${importLabels.recursionCut}.`,
    ),
    ...report.contradictingExamples.map(
      (item) =>
        `${placeInWords(item.pointer)}: the example contradicts its schema (${item.errors.join('; ')}), so it is not served.`,
    ),
  ].map((line) => line.replace(/\.\.$/, '.'));
}
