/**
 * A worker thread of OpenAPI imports: the heavy part, off the event loop. For each file it is sent
 * it decodes the bytes, parses them with `yaml` (JSON is YAML), checks them against their
 * version's schema, validates and dereferences them with swagger-parser (internal `$ref`s only,
 * cycles kept as object cycles) and plans the APIs; it answers an `AnalysisOutcome` with the
 * request's id. A HAR file sent for a project is planned as it is (core's planHarImport). It
 * serves one file at a time, and several in its life (openapi.analysis.ts), so its modules and
 * compiled schemas are made once.
 */
import { parentPort } from 'node:worker_threads';
import SwaggerParser from '@apidevtools/swagger-parser';
import { planImport, SchemaNodesLimitError } from '@mocksmith/core/openapi';
import { isHarDocument, planHarImport, planProjectImport } from '@mocksmith/core/projects';
import { parse } from 'yaml';
import type { AnalysisOutcome, AnalysisRequest, WorkerAnswer } from './openapi.analysis.ts';
import { checkAgainstOpenApiSchema } from './openapi.schema-check.ts';

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The document in a JSON or YAML text. JSON is YAML, and `yaml` reads both; but it reads a few
 * MiB in seconds where JSON.parse takes milliseconds, so a text that parses as JSON is taken as
 * such (same value), and only the others go to `yaml`.
 */
function parseText(text: string): unknown {
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // JSON-like YAML (flow style, comments), or broken: yaml decides, and words the error.
    }
  }
  // YAML anchors may not be multiplied into a huge document (a "billion laughs" file).
  // Without prettyErrors' excerpts the parse takes about a third less; errors keep their line.
  return parse(text, { maxAliasCount: 1000, prettyErrors: false });
}

async function analyse({ bytes, target }: AnalysisRequest): Promise<AnalysisOutcome> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, reason: 'The file is not UTF-8 text' };
  }
  let document: unknown;
  try {
    document = parseText(text);
  } catch (error) {
    return { ok: false, reason: `The file is neither JSON nor YAML: ${reasonOf(error)}` };
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { ok: false, reason: 'The file does not hold an OpenAPI document (a JSON/YAML object)' };
  }
  // A HAR file (issue 39) is planned as it is: it has no schema to check and no references.
  if (target === 'project' && isHarDocument(document)) {
    return { ok: true, plan: planHarImport(document) };
  }
  const missing = missingVersionOrPaths(document as Record<string, unknown>);
  if (missing) return { ok: false, reason: missing };
  let dereferenced: unknown;
  try {
    // The version's checks (swagger-parser's words), then the schema (compiled once), then the
    // references and the rules a schema cannot say (unique operation ids, path parameters).
    const parsed = (await SwaggerParser.parse(document as never)) as { swagger?: unknown };
    checkAgainstOpenApiSchema(parsed);
    dereferenced = await SwaggerParser.validate(parsed as never, {
      // Only references inside the file: never a file of the server, never a URL.
      resolve: { external: false, file: false, http: false },
      dereference: { circular: true },
      validate: { schema: false, spec: true },
    });
  } catch (error) {
    return { ok: false, reason: inWords(reasonOf(error)) };
  }
  try {
    return {
      ok: true,
      plan: target === 'project' ? planProjectImport(dereferenced) : planImport(dereferenced),
    };
  } catch (error) {
    if (error instanceof SchemaNodesLimitError) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * What makes a document no OpenAPI document at all, in words: swagger-parser says
 * '[object Object] is not a valid Openapi API definition' for both.
 */
function missingVersionOrPaths(document: Record<string, unknown>): string | undefined {
  if (document.openapi === undefined && document.swagger === undefined) {
    return 'The document does not say which OpenAPI version it follows: it needs an "openapi" field (such as "3.0.3") or a "swagger" field ("2.0") at its top level';
  }
  if (document.swagger === undefined && document.paths === undefined) {
    return String(document.openapi).startsWith('3.1')
      ? document.webhooks === undefined
        ? 'The document lists no operations: it has neither "paths" nor "webhooks"'
        : undefined
      : 'The document lists no operations: it has no "paths"';
  }
  return undefined;
}

/** swagger-parser's words, where they speak of itself or in JSON pointers, for a person. */
function inWords(reason: string): string {
  const unsupported = /^Unsupported OpenAPI version: ([^.]*(?:\.[^.\s]+)*)\. /.exec(reason);
  if (unsupported) {
    return `OpenAPI ${unsupported[1]} is not supported: the import reads OpenAPI 3.0, 3.1 and Swagger 2.0`;
  }
  if (reason.startsWith('Swagger schema validation failed.')) {
    const problems = reason
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [pointer = '', ...rest] = line.split(' ');
        return `${placeOf(pointer)} ${rest.join(' ')}`;
      });
    return `The document breaks the rules of its OpenAPI version: ${problems.join('; ')}`;
  }
  return reason;
}

/** A JSON pointer of the document (`#/paths/~1a/get/responses`) as words: `at paths › /a › get › responses`. */
function placeOf(pointer: string): string {
  const parts = pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  return parts.length === 0 ? 'the document' : `at ${parts.join(' › ')}:`;
}

const port = parentPort;
port?.on('message', ({ id, request }: { id: number; request: AnalysisRequest }) => {
  const answer = (outcome: AnalysisOutcome) => port.postMessage({ id, outcome } as WorkerAnswer);
  analyse(request).then(answer, (error: unknown) =>
    answer({ ok: false, reason: reasonOf(error), crashed: true }),
  );
});
