/**
 * The stand-alone APIs' import: an OpenAPI document as mock APIs, one per operation. It reads the
 * document and plans each operation's success answer as the import into a project does
 * (projects/openapi-import-document.ts, successEntry in projects/openapi-import-responses.ts), in
 * the stand-alone API's style; what is its own is what the spec words differently: the methods
 * it answers, an operation without a success answer skipped, and an API's row (its name,
 * description, custom endpoint, status, template and report).
 */
import { importTexts } from '../errors.ts';
import type { JsonValue } from '../json.ts';
import {
  documentOperations,
  openDocument,
  type Planner,
} from '../projects/openapi-import-document.ts';
import { type AnswerStyle, successEntry } from '../projects/openapi-import-responses.ts';
import { STAND_ALONE_BODILESS } from '../projects/stand-alone.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../schemas/api-texts.ts';
import type { Node } from './answer.ts';
import { MAX_SCHEMA_NODES, SchemaNodesLimitError } from './schema.ts';
import type { ImportPlan, ImportReport, PlannedMethod } from './types.ts';

const ANSWERED: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** A stand-alone API's answer: no body for 204 only, the answer's one example (see AnswerStyle). */
const API_ANSWERS: AnswerStyle = { bodiless: STAND_ALONE_BODILESS, examples: 'one' };

/**
 * Plans the import of one OpenAPI document (3.0, 3.1 or Swagger 2.0), already parsed and
 * dereferenced (swagger-parser's `dereference`: circular `$ref`s are object cycles). Each
 * GET, POST, PUT and DELETE operation becomes a planned mock API whose template is the
 * operation's JSON example when it is valid against its schema, else one derived from the
 * schema, with a report of what was used and what was not; other methods, and operations with
 * no 2xx or default answer, are listed as skipped. Pure: no I/O. It throws
 * SchemaNodesLimitError when the schemas of all operations together expand to more than
 * `maxSchemaNodes` nodes (a few references can stand for billions); otherwise it never throws on
 * a document of a known version (an unknown one gives an empty plan with one skipped entry).
 */
export function planImport(
  document: unknown,
  { maxSchemaNodes = MAX_SCHEMA_NODES }: { maxSchemaNodes?: number } = {},
): ImportPlan {
  const plan: ImportPlan = { operations: [], skipped: [] };
  const opened = openDocument(document, maxSchemaNodes);
  if (!opened.ok) {
    plan.skipped.push({ method: '*', path: '*', reason: opened.reason });
    return plan;
  }
  // What the import into a project keeps while it walks; an API has no server prefix, and the
  // warnings and skips of its answers are in their reports.
  const planner: Planner = { context: opened.context, warnings: [], skipped: [], prefix: '' };
  for (const operation of documentOperations(opened.context.document)) {
    const { method, specPath: path, node } = operation;
    if (!ANSWERED.has(method)) {
      plan.skipped.push({ method, path, reason: importTexts.unsupportedMethod(method) });
      continue;
    }
    let entry: ReturnType<typeof successEntry>;
    try {
      entry = successEntry(operation, planner, API_ANSWERS);
    } catch (error) {
      if (!(error instanceof SchemaNodesLimitError)) throw error;
      throw new SchemaNodesLimitError(error.limit, error.schema, `${method} ${path}`);
    }
    if (!entry) {
      plan.skipped.push({ method, path, reason: importTexts.noSuccessResponse });
      continue;
    }
    plan.operations.push({
      name: operationName(node, method, path),
      description: summaryOf(node),
      method: method as PlannedMethod,
      path,
      customEndpoint: path,
      httpCode: entry.status,
      // An API's style restores no saved response: its entry has both.
      template: entry.body as JsonValue,
      report: entry.report as ImportReport,
    });
  }
  return plan;
}

/**
 * The operation's summary as an API's description: control characters as spaces, and a text
 * over the limit cut at the last space before it, with an ellipsis (never inside a word).
 */
export function summaryOf(operation: Node): string | null {
  const summary = operation.summary;
  if (typeof summary !== 'string') return null;
  const text = summary.replace(/\p{Cc}+/gu, ' ').trim();
  if (text === '') return null;
  if (text.length <= MAX_DESCRIPTION_LENGTH) return text;
  const head = text.slice(0, MAX_DESCRIPTION_LENGTH - 1);
  const space = head.search(/\s\S*$/);
  return `${(space > MAX_DESCRIPTION_LENGTH / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

function operationName(operation: Node, method: string, path: string): string {
  for (const field of ['operationId', 'summary']) {
    const value = operation[field];
    if (typeof value === 'string' && value.trim() !== '')
      return value.trim().slice(0, MAX_NAME_LENGTH);
  }
  return `${method} ${path}`.slice(0, MAX_NAME_LENGTH);
}
