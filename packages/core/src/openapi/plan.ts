/**
 * The stand-alone APIs' import: an OpenAPI document as mock APIs, one per operation. It reads the
 * document as the one importer does (projects/openapi-import-document.ts: its version, its
 * operations in order) and plans each answer with the step they share (answer.ts); what is its
 * own is the mapping to an API's row (its name, description, custom endpoint, status and one
 * template with its report), as the spec words it.
 */
import { importTexts } from '../errors.ts';
import type { JsonValue } from '../json.ts';
import { documentOperations, openDocument } from '../projects/openapi-import-document.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../schemas/api-texts.ts';
import { importLabels } from '../schemas/openapi-import-texts.ts';
import {
  type AnswerContext,
  guardBudget,
  isNode,
  jsonAnswer,
  type Node,
  schemaTemplate,
  successResponse,
  usableExample,
} from './answer.ts';
import { MAX_SCHEMA_NODES, pointerTo, SchemaNodesLimitError } from './schema.ts';
import type { ImportPlan, ImportReport, PlannedMethod, PlannedOperation } from './types.ts';

const ANSWERED: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

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
  const { context } = opened;
  for (const { node, key, method, specPath: path } of documentOperations(context.document)) {
    if (!ANSWERED.has(method)) {
      plan.skipped.push({ method, path, reason: importTexts.unsupportedMethod(method) });
      continue;
    }
    let planned: PlannedOperation | string;
    try {
      planned = planOperation(context, path, key, node);
    } catch (error) {
      if (!(error instanceof SchemaNodesLimitError)) throw error;
      throw new SchemaNodesLimitError(error.limit, error.schema, `${method} ${path}`);
    }
    if (typeof planned === 'string') plan.skipped.push({ method, path, reason: planned });
    else plan.operations.push(planned);
  }
  return plan;
}

function planOperation(
  context: AnswerContext,
  path: string,
  key: string,
  operation: Node,
): PlannedOperation | string {
  const { document, dialect, validator, budget } = context;
  const method = key.toUpperCase() as PlannedMethod;
  const responses = isNode(operation.responses) ? operation.responses : {};
  const success = successResponse(responses);
  if (!success) return importTexts.noSuccessResponse;
  const pointer = pointerTo('#', 'paths', path, key, 'responses', success.key);

  const report: ImportReport = {
    source: 'none',
    ignored: [],
    branches: [],
    recursionCut: [],
    contradictingExamples: [],
  };
  const response = isNode(responses[success.key]) ? (responses[success.key] as Node) : {};
  if (typeof response.$ref === 'string') {
    // A reference the dereferencing left: another file or a URL, never fetched.
    report.ignored.push({
      pointer,
      keyword: '$ref',
      reason: importLabels.externalRef(response.$ref),
    });
  }
  let template: JsonValue = {};
  const answer =
    success.status === 204
      ? undefined
      : jsonAnswer(document, dialect, operation, response, pointer);
  if (answer === undefined) {
    report.ignored.push({ pointer, keyword: 'content', reason: importTexts.noJsonAnswer });
  } else {
    guardBudget(context, answer.schema);
    const example = answer.example ? usableExample(answer, validator, budget, report) : undefined;
    if (example !== undefined) {
      template = example;
      report.source = 'example';
    } else if (answer.schema !== undefined) {
      template = schemaTemplate(context, answer.schema, answer.schemaPointer, report);
    }
  }
  return {
    name: operationName(operation, method, path),
    description: summaryOf(operation),
    method,
    path,
    customEndpoint: path,
    httpCode: success.status,
    template,
    report,
  };
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
