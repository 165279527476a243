/**
 * One OpenAPI answer as a template (the shared step of every import, a stand-alone API's and a
 * project's): the JSON answer of a response (its schema, its example, its named examples), the
 * example kept when its schema accepts it and escaped to give itself back, else the schema made
 * a template, within the import's budget of schema nodes. Pure.
 */
import { getDataType } from '../data-types/lookup.ts';
import { importTexts } from '../errors.ts';
import { isJsonObject, type JsonValue } from '../json.ts';
import { DIRECTIVE_KEYS, LITERAL_KEY } from '../template/directives.ts';
import { formatIssue } from '../template/issues.ts';
import { MULTIPLY_KEY } from '../template/multiply.ts';
import { readStringTemplate } from '../template/references.ts';
import { analyseTemplate } from '../template/validate.ts';
import {
  expandedSize,
  growingComponent,
  pointerTo,
  SchemaNodesLimitError,
  schemaToTemplate,
  type WorkBudget,
} from './schema.ts';
import type { ImportReport } from './types.ts';
import type { Dialect, SchemaValidator } from './validator.ts';

/** A JSON object of the document. */
export type Node = Record<string, unknown>;

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
