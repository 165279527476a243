import { getDataType } from '../data-types/lookup.ts';
import { importTexts } from '../errors.ts';
import { isJsonObject, type JsonValue } from '../json.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../schemas/api-texts.ts';
import { importLabels } from '../schemas/openapi-import-texts.ts';
import { DIRECTIVE_KEYS, LITERAL_KEY } from '../template/directives.ts';
import { formatIssue } from '../template/issues.ts';
import { MULTIPLY_KEY } from '../template/multiply.ts';
import { readStringTemplate } from '../template/references.ts';
import { analyseTemplate } from '../template/validate.ts';
import {
  expandedSize,
  growingComponent,
  MAX_SCHEMA_NODES,
  pointerTo,
  SchemaNodesLimitError,
  schemaToTemplate,
  type WorkBudget,
} from './schema.ts';
import type { ImportPlan, ImportReport, PlannedMethod, PlannedOperation } from './types.ts';
import {
  createSchemaValidator,
  type Dialect,
  dialectOf,
  type SchemaValidator,
} from './validator.ts';

type Node = Record<string, unknown>;

/** The operation keys of a path item, in the order OpenAPI lists them. */
const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ANSWERED: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
  const dialect = dialectOf(document);
  const plan: ImportPlan = { operations: [], skipped: [] };
  if (!dialect || !isNode(document)) {
    const version = isNode(document)
      ? String(document.openapi ?? document.swagger)
      : typeof document;
    plan.skipped.push({ method: '*', path: '*', reason: importTexts.unsupportedVersion(version) });
    return plan;
  }
  const validator = createSchemaValidator(dialect);
  const budget: WorkBudget = { used: 0, limit: maxSchemaNodes };
  const paths = isNode(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isNode(item)) continue;
    for (const key of Object.keys(item)) {
      if (!OPERATION_KEYS.includes(key)) continue;
      const operation = item[key];
      if (!isNode(operation)) continue;
      const method = key.toUpperCase();
      if (!ANSWERED.has(method)) {
        plan.skipped.push({ method, path, reason: importTexts.unsupportedMethod(method) });
        continue;
      }
      let planned: PlannedOperation | string;
      try {
        planned = planOperation({ document, dialect, validator, budget }, path, key, operation);
      } catch (error) {
        if (!(error instanceof SchemaNodesLimitError)) throw error;
        throw new SchemaNodesLimitError(error.limit, error.schema, `${method} ${path}`);
      }
      if (typeof planned === 'string') plan.skipped.push({ method, path, reason: planned });
      else plan.operations.push(planned);
    }
  }
  return plan;
}

/** The response an operation answers with: the lowest 2xx, else `2XX`, else `default` as 200. */
export function successResponse(responses: Node): { key: string; status: number } | undefined {
  const codes = Object.keys(responses)
    .filter((k) => /^2\d\d$/.test(k))
    .sort();
  if (codes[0] !== undefined) return { key: codes[0], status: Number(codes[0]) };
  for (const key of ['2XX', '2xx', 'default']) if (key in responses) return { key, status: 200 };
  return undefined;
}

export function isJsonMedia(type: string): boolean {
  return /^application\/(?:[\w.+-]*\+)?json\b/i.test(type) || /[/+]json\b/i.test(type);
}

/**
 * The JSON answer of a response: its schema and example, each with its JSON pointer, and (OpenAPI
 * 3) every entry of its media type's `examples` map, for imports that keep them apart.
 */
export interface JsonAnswer {
  schema?: unknown;
  schemaPointer: string;
  example?: { value: unknown; pointer: string };
  named: { key: string; example: Node; pointer: string }[];
}

/** What planning an answer reads and spends: the document, its validator, the import's budget. */
export interface AnswerContext {
  document: Node;
  dialect: Dialect;
  validator: SchemaValidator;
  budget: WorkBudget;
}

export function jsonAnswer(
  document: Node,
  dialect: Dialect,
  operation: Node,
  response: Node,
  pointer: string,
): JsonAnswer | undefined {
  if (dialect === '2.0') {
    const produces = (operation.produces ?? document.produces) as unknown;
    if (
      Array.isArray(produces) &&
      produces.length > 0 &&
      !produces.some((p) => isJsonMedia(String(p)))
    )
      return undefined;
    if (isNode(response.schema) && response.schema.type === 'file') return undefined;
    const answer: JsonAnswer = {
      schema: response.schema,
      schemaPointer: pointerTo(pointer, 'schema'),
      named: [],
    };
    const examples = isNode(response.examples) ? response.examples : {};
    const mediaKey = Object.keys(examples).find(isJsonMedia);
    if (mediaKey !== undefined) {
      answer.example = {
        value: examples[mediaKey],
        pointer: pointerTo(pointer, 'examples', mediaKey),
      };
    }
    if (answer.schema === undefined && answer.example === undefined) return undefined;
    return answer;
  }
  const content = isNode(response.content) ? response.content : {};
  const types = Object.keys(content).filter(isJsonMedia);
  const mediaKey = types.find((t) => t.toLowerCase().startsWith('application/json')) ?? types[0];
  if (mediaKey === undefined) return undefined;
  const media = isNode(content[mediaKey]) ? (content[mediaKey] as Node) : {};
  const at = pointerTo(pointer, 'content', mediaKey);
  const answer: JsonAnswer = {
    schema: media.schema,
    schemaPointer: pointerTo(at, 'schema'),
    named: [],
  };
  if (isNode(media.examples)) {
    for (const [key, example] of Object.entries(media.examples)) {
      if (isNode(example))
        answer.named.push({ key, example, pointer: pointerTo(at, 'examples', key) });
    }
  }
  if ('example' in media) {
    answer.example = { value: media.example, pointer: pointerTo(at, 'example') };
  } else {
    const first = answer.named.find(({ example }) => 'value' in example);
    if (first) {
      answer.example = { value: first.example.value, pointer: pointerTo(first.pointer, 'value') };
    }
  }
  return answer;
}

/**
 * Refuses, before any of it is expanded, a schema that would take the import past its budget: a
 * schema whose parts reference others several times may stand for billions of nodes in a few
 * KB, and measuring it is linear in its objects.
 */
export function guardBudget(context: AnswerContext, schema: unknown): void {
  const { budget } = context;
  const size = expandedSize(schema, budget.limit - budget.used);
  if (budget.used + size > budget.limit) {
    throw new SchemaNodesLimitError(
      budget.limit,
      growingComponent(context.document, context.dialect, schema),
    );
  }
}

/**
 * The template of an answer's schema, with what it could not honour (and any template rule the
 * result breaks) in the report.
 */
export function schemaTemplate(
  context: AnswerContext,
  schema: unknown,
  pointer: string,
  report: ImportReport,
): JsonValue {
  const template = schemaToTemplate(schema, pointer, { ...context, report });
  report.source = 'schema';
  for (const issue of analyseTemplate(template).issues) {
    report.ignored.push({
      pointer,
      keyword: 'template',
      reason: importTexts.templateRefused(formatIssue(issue)),
    });
  }
  return template;
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

/**
 * The template of the answer's example when it is valid against the schema (or there is no
 * schema); an example that contradicts its schema is recorded in the report and not used.
 */
export function usableExample(
  answer: JsonAnswer,
  validator: SchemaValidator,
  budget: WorkBudget,
  report: ImportReport,
): JsonValue | undefined {
  const example = answer.example as { value: unknown; pointer: string };
  let value: JsonValue;
  try {
    // A YAML date or any other non-JSON value becomes what the answer would carry.
    value = JSON.parse(JSON.stringify(example.value)) as JsonValue;
  } catch (error) {
    report.ignored.push({
      pointer: example.pointer,
      keyword: 'example',
      reason: importTexts.exampleUnreadable(error instanceof Error ? error.message : String(error)),
    });
    return undefined;
  }
  if (value === undefined) return undefined;
  if (answer.schema !== undefined) {
    // The validator copies the schema whole: it costs what it expands to (within the budget,
    // measured before).
    budget.used += expandedSize(answer.schema, budget.limit - budget.used);
    let errors: string[];
    try {
      errors = validator.check(answer.schema)(value);
    } catch (error) {
      report.ignored.push({
        pointer: example.pointer,
        keyword: 'example',
        reason: importTexts.exampleUnreadable(
          error instanceof Error ? error.message : String(error),
        ),
      });
      return undefined;
    }
    if (errors.length > 0) {
      report.contradictingExamples.push({ pointer: example.pointer, errors });
      return undefined;
    }
  }
  const template = escapeExample(value);
  return Array.isArray(template) || isJsonObject(template) ? template : { [LITERAL_KEY]: value };
}

const RESERVED = new Set([MULTIPLY_KEY, ...DIRECTIVE_KEYS]);

/**
 * An example as a template that gives it back verbatim: a string that names a type or reads the
 * request (`{{request...}}`), or an object holding a reserved key, is wrapped in `__literal`; the
 * rest reads as it is written.
 */
export function escapeExample(value: JsonValue): JsonValue {
  if (typeof value === 'string')
    return getDataType(value) || readStringTemplate(value) ? { [LITERAL_KEY]: value } : value;
  if (Array.isArray(value)) return value.map(escapeExample);
  if (isJsonObject(value)) {
    if (Object.keys(value).some((k) => RESERVED.has(k))) return { [LITERAL_KEY]: value };
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, {
        value: escapeExample(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
