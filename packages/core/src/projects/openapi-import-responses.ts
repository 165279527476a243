/**
 * The responses of an import into a project (openapi-import.ts): each answer an operation
 * declares, and each named example of it, a named response whose template is the example (when
 * its schema accepts it), else its schema made a template, else a body of its status; or a
 * response a Mocksmith export saved, restored as it was.
 */
import type { JsonValue } from '../json.ts';
import {
  type AnswerContext,
  escapeExample,
  guardBudget,
  isNode,
  type JsonAnswer,
  jsonAnswer,
  type Node,
  schemaTemplate,
  successResponse,
  usableExample,
} from '../openapi/answer.ts';
import { pointerTo } from '../openapi/schema.ts';
import type { ImportReport } from '../openapi/types.ts';
import { routeResponseInputSchema } from '../schemas/projects.ts';
import type { RouteResponse } from './model.ts';
import { BODYLESS_STATUSES, MOCKSMITH_EXTENSIONS } from './openapi-export.ts';
import type { Operation, Planner } from './openapi-import-document.ts';
import { cut } from './openapi-import-paths.ts';
import { projectImportTexts } from './openapi-import-texts.ts';

/** A response being planned: the stored response and, when restored, its place in the route. */
export interface Entry extends RouteResponse {
  order?: number;
  /** The key of the named example it was made of: what a request example pairs with. */
  exampleKey?: string;
  /** Whether `isDefault` was restored from the document rather than decided here. */
  restored: boolean;
}

/** The status a response key answers with: its code, a range's first, `default` 200 or 500. */
function statusOf(key: string, success: boolean): number | undefined {
  if (/^[2-5]\d\d$/.test(key)) return Number(key);
  if (/^[2-5]XX$/i.test(key)) return Number(key[0]) * 100;
  if (key === 'default') return success ? 200 : 500;
  return undefined;
}

/**
 * The responses of one operation: its success answer's (one per named example, else one) first,
 * then every other answer it declares (other 2xx, 4xx, 5xx, `default`), in its order, each named
 * after its example or its status; one declared without a JSON body gets a body of its status
 * and description. An operation without a success answer starts with its first declared one.
 * With `successOnly`, the first of them.
 */
export function operationEntries(
  operation: Operation,
  planner: Planner,
  successOnly: boolean,
): Entry[] {
  const responses = isNode(operation.node.responses) ? operation.node.responses : {};
  const success = successResponse(responses);
  const keys = Object.keys(responses).filter((key) => key !== success?.key);
  if (success) keys.unshift(success.key);
  const entries: Entry[] = [];
  for (const key of successOnly ? keys.slice(0, 1) : keys) {
    const isSuccess = key === success?.key;
    const status = statusOf(key, isSuccess);
    const response = responses[key];
    if (status === undefined || !isNode(response)) continue;
    const own = responseEntries(operation, planner, response, key, status, isSuccess);
    entries.push(...(successOnly ? own.slice(0, 1) : own));
  }
  return entries;
}

function responseEntries(
  operation: Operation,
  planner: Planner,
  response: Node,
  key: string,
  status: number,
  isSuccess: boolean,
): Entry[] {
  const statusName = key === 'default' || /X/i.test(key) ? key : String(status);
  const saved = response[MOCKSMITH_EXTENSIONS.responses];
  if (Array.isArray(saved)) {
    return saved.flatMap((item) => {
      if (!isNode(item) || typeof item.template !== 'string') return [];
      return [restore(operation, planner, item.template, item, status, statusName)];
    });
  }
  const plain = (template: JsonValue, name: string): Entry => ({
    name,
    status,
    template: JSON.stringify(template, null, 2),
    headers: [],
    delay: 0,
    isDefault: isSuccess,
    when: null,
    restored: false,
  });
  const { context } = planner;
  const pointer = pointerTo('#', 'paths', operation.specPath, operation.key, 'responses', key);
  const answer = BODYLESS_STATUSES.has(status)
    ? undefined
    : jsonAnswer(context.document, context.dialect, operation.node, response, pointer);
  // An answer the spec declares without a body is served all the same (Prism and Mockoon do):
  // a success one empty, another one in the shape of an asked-for status's generic body.
  const bodiless = () =>
    plain(isSuccess ? {} : declaredAnswer(status, response.description), statusName);
  if (!answer) return [bodiless()];

  const report: ImportReport = {
    source: 'none',
    ignored: [],
    branches: [],
    recursionCut: [],
    contradictingExamples: [],
  };
  const entries: Entry[] = [];
  // An example that contradicts its schema is not served: the person importing is told which.
  const checked = (value: unknown, pointer: string, which: string) => {
    const template = exampleTemplate(context, answer, value, pointer, report);
    const errors = report.contradictingExamples.pop()?.errors;
    if (errors) {
      planner.warnings.push(
        projectImportTexts.contradictingExample(operation.label, statusName, which, errors),
      );
    }
    return template;
  };
  for (const { key: name, example, pointer: at } of answer.named) {
    const template = example[MOCKSMITH_EXTENSIONS.template];
    if (typeof template === 'string') {
      const meta = example[MOCKSMITH_EXTENSIONS.response];
      entries.push({
        ...restore(operation, planner, template, isNode(meta) ? meta : {}, status, name),
        exampleKey: name,
      });
    } else if ('value' in example) {
      const usable = checked(example.value, pointerTo(at, 'value'), `the example "${name}"`);
      if (usable !== undefined) entries.push({ ...plain(usable, name), exampleKey: name });
    }
  }
  if (entries.length === 0) {
    const usable =
      answer.named.length === 0 && answer.example
        ? checked(answer.example.value, answer.example.pointer, 'its example')
        : undefined;
    if (usable !== undefined) entries.push(plain(usable, statusName));
    else if (answer.schema !== undefined) {
      guardBudget(context, answer.schema);
      entries.push(
        plain(schemaTemplate(context, answer.schema, answer.schemaPointer, report), statusName),
      );
    } else entries.push(bodiless());
  }
  if (entries[0] && isSuccess) for (const entry of entries.slice(1)) entry.isDefault = false;
  return entries;
}

/** An example's template when it is valid against the answer's schema (see usableExample). */
function exampleTemplate(
  context: AnswerContext,
  answer: JsonAnswer,
  value: unknown,
  pointer: string,
  report: ImportReport,
): JsonValue | undefined {
  guardBudget(context, answer.schema);
  return usableExample(
    { ...answer, example: { value, pointer } },
    context.validator,
    context.budget,
    report,
  );
}

/**
 * The body of an answer declared without one: `{"statusCode": 404, "message": "Pet not found"}`,
 * the message the first line of its description (else `Status 404`), kept literal.
 */
function declaredAnswer(status: number, description: unknown): JsonValue {
  const line =
    typeof description === 'string'
      ? (description.split(/\r?\n/)[0] ?? '').replace(/\p{Cc}+/gu, ' ').trim()
      : '';
  const message = line === '' ? `Status ${status}` : cut(line, MAX_DECLARED_MESSAGE_LENGTH);
  return { statusCode: status, message: escapeExample(message) };
}

/** The longest message of an answer declared without a body. */
const MAX_DECLARED_MESSAGE_LENGTH = 200;

/**
 * A response saved by a Mocksmith export, as it was: its template verbatim and its settings
 * (`x-mocksmith-response`: name, delay, headers, default, when, order), checked as a route's
 * response is; settings that do not pass give way to the defaults, with a warning.
 */
function restore(
  operation: Operation,
  planner: Planner,
  template: string,
  meta: Node,
  status: number,
  fallbackName: string,
): Entry {
  const name = typeof meta.name === 'string' ? meta.name : fallbackName;
  const order = typeof meta.order === 'number' ? meta.order : undefined;
  const checked = routeResponseInputSchema.safeParse({
    name,
    status,
    template,
    headers: meta.headers ?? [],
    delay: meta.delay ?? 0,
    default: meta.default ?? false,
    when: meta.when ?? null,
  });
  if (checked.success) {
    const { default: isDefault, when, ...response } = checked.data;
    return {
      ...response,
      isDefault: isDefault === true,
      when: when ?? null,
      order,
      restored: true,
    };
  }
  const problem = checked.error.issues[0];
  planner.warnings.push(
    projectImportTexts.notRestored(
      operation.label,
      name,
      `${problem?.path.join('.') || 'response'}: ${problem?.message ?? 'invalid'}`,
    ),
  );
  return {
    name,
    status,
    template,
    headers: [],
    delay: 0,
    isDefault: false,
    when: null,
    order,
    restored: false,
  };
}
