import { createContext } from '../data-types/context.ts';
import { getDataType } from '../data-types/lookup.ts';
import type { GenContext } from '../data-types/types.ts';
import { ErrorCode, messages } from '../errors.ts';
import {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonByteLength,
  jsonStringByteLength,
} from '../json.ts';
import { MAX_RESPONSE_BYTES } from '../limits.ts';
import { createRandom, type Random, type Seed } from '../random.ts';
import { type Directive, numberGenerator, readDirective, stringGenerator } from './directives.ts';
import type { TemplateResult } from './issues.ts';
import { MULTIPLY_KEY, parseMultiply } from './multiply.ts';
import { parseTemplate } from './parse.ts';
import { ROOT_PATH } from './path.ts';
import { recordScope, withRecord } from './records.ts';
import { readStringTemplate, stringTemplateGenerator } from './references.ts';
import { EMPTY_REQUEST, type RequestContext } from './request.ts';
import { analyseTemplate, type ValidateOptions } from './validate.ts';

/** Options of one generation. */
export interface GenerateOptions {
  /** The same seed and template give the same body, byte for byte. */
  seed?: Seed;
  /**
   * The moment relative dates start from. Defaults to now, or, under a seed, to
   * {@link SEEDED_REFERENCE_TIME} so that a seeded body does not change from day to day.
   */
  now?: number | Date;
  /**
   * The request the body answers, which request references read (`{{request.params.id}}`, see
   * references.ts); without it they read {@link EMPTY_REQUEST}, where every reference is missing.
   * Read-only: bodies may hold its values.
   */
  request?: RequestContext;
}

/** The reference time of seeded generation when none is given: 2026-01-01T00:00:00Z. */
export const SEEDED_REFERENCE_TIME = Date.UTC(2026, 0, 1);

/** How to compile a template: the validation options, and whether it is a stored one. */
export interface CompileOptions extends ValidateOptions {
  /**
   * True to compile a template saved earlier, to serve it. A worst-case answer over
   * `maxResponseBytes` is then no refusal, since the template may have been saved under older
   * rules; instead its `generate` counts the bytes of each body as it builds it and throws
   * {@link ResponseTooLargeError} as soon as they pass the limit.
   */
  stored?: boolean;
  /**
   * A last step of every generation: it receives the generated body and the context that made
   * it (the same random stream and reference time) and returns the body to answer. For what a
   * template cannot say, such as one part of a body following another (the sample APIs' stories);
   * under a seed it stays reproducible. It must return new objects rather than change the body
   * in place (bodies share the template's literal parts), and what it adds is not counted
   * against the size limit.
   */
  finish?: Finish;
}

/** A step that completes a generated body; see {@link CompileOptions.finish}. */
export type Finish = (body: JsonValue, ctx: GenContext) => JsonValue;

/**
 * Thrown by the `generate` of a stored template whose body grew past the answer size limit:
 * generation stops there, long before the whole body would be built.
 */
export class ResponseTooLargeError extends Error {
  /** The template error code of the same rule, for the error body. */
  readonly code = ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE;

  constructor(
    /** The limit that was passed, in bytes of UTF-8 JSON. */
    readonly limit: number,
    /** The bytes counted when generation stopped: past the limit by less than one value. */
    readonly counted: number,
  ) {
    super(messages.responseTooLarge(limit));
    this.name = 'ResponseTooLargeError';
  }
}

/** A validated template turned into a generator: compile once, generate many. */
export interface CompiledTemplate {
  /** The template as written. */
  readonly source: JsonValue;
  /** The most values (objects, arrays and leaves) one body can hold. */
  readonly maxValues: number;
  /** The most bytes of UTF-8 that one body can serialise to: see TemplateAnalysis.maxBytes. */
  readonly maxBytes: number;
  /**
   * True when every body is the same (only literals, no `__multiply`): the caller may
   * generate once and reuse the result, serialised, for every request.
   */
  readonly isStatic: boolean;
  /**
   * True when a string of the template reads the request: only then need the caller build a
   * request context for {@link GenerateOptions.request}.
   */
  readonly readsRequest: boolean;
  /** True when one reads the request's body: a call whose body could not be read is refused. */
  readonly readsBody: boolean;
  /**
   * Generates a fresh body. Bodies may share the template's literal subtrees with each other:
   * treat them as read-only (the sorting and pagination functions never mutate them). A stored
   * template that can outgrow the answer size limit throws {@link ResponseTooLargeError} when a
   * body does (a static one on every call, its one body being over the limit).
   */
  generate(options?: GenerateOptions): JsonValue;
}

/** What a template's generators read: the data types' context, and the request. */
interface TemplateContext extends GenContext {
  readonly request: RequestContext;
}

type Gen = (ctx: TemplateContext) => JsonValue;

/** A compiled node: a constant when nothing under it is generated, else a generator. */
type Node = { constant: true; value: JsonValue } | GenNode;
type GenNode = { constant: false; gen: Gen };

// Unseeded bodies all draw from one stream, seeded once per process.
const sharedRandom: Random = createRandom();

/**
 * Validates a template value and compiles it into a generator, or returns its problems.
 * Never throws, whatever the value. With `stored`, an answer size over the limit is allowed
 * and guarded at generation instead (see {@link CompileOptions.stored}).
 */
export function compileTemplate(
  value: unknown,
  options: CompileOptions = {},
): TemplateResult<CompiledTemplate> {
  const { issues, maxValues, maxBytes, readsRequest, readsBody } = analyseTemplate(value, options);
  const refusals = options.stored
    ? issues.filter((issue) => issue.code !== ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE)
    : issues;
  if (refusals.length > 0) return { ok: false, errors: refusals };
  const source = value as JsonValue;
  const limit = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  // Only a template that can pass the limit pays for counting; the rest keep the plain generator.
  const finish = options.finish;
  const measure: Measure = { maxValues, maxBytes, readsRequest, readsBody };
  if (maxBytes > limit) return { ok: true, value: compileGuarded(source, measure, limit, finish) };
  const root = compileNode(source);
  return { ok: true, value: assemble(source, measure, root, finish) };
}

/** What the analysis of a template found that its compiled form tells. */
interface Measure {
  maxValues: number;
  maxBytes: number;
  readsRequest: boolean;
  readsBody: boolean;
}

/**
 * The compiled template around a root node: its generator (finished by `finish` when given) under
 * a seeded or the shared random source. `body` is the root's own generator unless given (the
 * guarded one resets its byte count before each body).
 */
function assemble(
  source: JsonValue,
  { maxValues, maxBytes, readsRequest, readsBody }: Measure,
  root: Node,
  finish: Finish | undefined,
  body: Gen = root.constant ? () => root.value : root.gen,
): CompiledTemplate {
  const generate: Gen = finish ? (ctx) => finish(body(ctx), ctx) : body;
  return {
    source,
    maxValues,
    maxBytes,
    // A finishing step may draw: its bodies are not all the same.
    isStatic: root.constant && !finish,
    readsRequest,
    readsBody,
    generate({ seed, now, request = EMPTY_REQUEST }: GenerateOptions = {}) {
      const random = seed === undefined ? sharedRandom : createRandom(seed);
      const ctx = createContext(random, referenceTime(now, seed !== undefined));
      return generate({
        random: ctx.random,
        faker: ctx.faker,
        now: ctx.now,
        record: undefined,
        request,
      });
    },
  };
}

function referenceTime(now: number | Date | undefined, seeded: boolean): number {
  if (now !== undefined) return typeof now === 'number' ? now : now.getTime();
  return seeded ? SEEDED_REFERENCE_TIME : Date.now();
}

/** Parses, validates and compiles a template text in one call; never throws. */
export function prepareTemplate(
  text: string,
  options: CompileOptions = {},
): TemplateResult<CompiledTemplate> {
  const parsed = parseTemplate(text);
  return parsed.ok ? compileTemplate(parsed.value, options) : parsed;
}

/** Compiles a value; `inRecord` when an enclosing object draws the record its values read. */
function compileNode(value: JsonValue, inRecord = false): Node {
  if (typeof value === 'string') {
    const type = getDataType(value);
    if (type) return { constant: false, gen: type.generate };
    return requestNode(value) ?? { constant: true, value };
  }
  if (Array.isArray(value)) return compileArray(value);
  if (isJsonObject(value)) return compileObject(value, inRecord);
  return { constant: true, value };
}

/** The generator of a string that reads the request, if it does; only called on validated templates. */
function requestNode(text: string): GenNode | undefined {
  const read = readStringTemplate(text);
  if (!read?.ok) return undefined;
  const answer = stringTemplateGenerator(read.template);
  return { constant: false, gen: (ctx) => answer(ctx.request) };
}

/** The directive `object` holds, if any; only called on validated templates. */
function directiveOf(object: JsonObject): Directive | undefined {
  const read = readDirective(object, ROOT_PATH);
  return read?.ok ? read.directive : undefined;
}

/** Compiles a directive, its choices by `child` and `toGen` (plain, or guarded). */
function compileDirective(
  directive: Directive,
  child: (value: JsonValue) => Node,
  toGen: (node: Node) => Gen = genOf,
): Node {
  switch (directive.kind) {
    case 'literal':
      return { constant: true, value: directive.value as JsonValue };
    case 'number':
      return { constant: false, gen: numberGenerator(directive.spec) };
    case 'string':
      return { constant: false, gen: stringGenerator(directive.spec) };
    case 'oneOf': {
      const nodes = directive.choices.map((choice) => child(choice as JsonValue));
      if (nodes.length === 1) return nodes[0] as Node;
      const gens = nodes.map(toGen);
      const last = gens.length - 1;
      return { constant: false, gen: (ctx) => (gens[ctx.random.int(0, last)] as Gen)(ctx) };
    }
  }
}

function compileObject(object: JsonObject, inRecord: boolean): Node {
  const directive = directiveOf(object);
  if (directive) return compileDirective(directive, (value) => compileNode(value, inRecord));
  const scope = inRecord ? undefined : recordScope(object);
  const keys: string[] = [];
  const nodes: Node[] = [];
  for (const key of Object.keys(object)) {
    if (key === MULTIPLY_KEY) continue;
    keys.push(key);
    nodes.push(compileNode(object[key] as JsonValue, inRecord || scope !== undefined));
  }
  if (nodes.every((n) => n.constant)) {
    return { constant: true, value: buildObject(keys, nodes.map(constantOf)) };
  }
  // `__proto__` as a plain assignment would set the prototype instead of a key.
  if (keys.includes('__proto__')) {
    const gens = nodes.map(genOf);
    return recordNode(scope, (ctx) =>
      buildObject(
        keys,
        gens.map((g) => g(ctx)),
      ),
    );
  }
  const gens = nodes.map(genOf);
  const count = keys.length;
  return recordNode(scope, (ctx) => {
    const out: JsonObject = {};
    for (let i = 0; i < count; i++) out[keys[i] as string] = (gens[i] as Gen)(ctx);
    return out;
  });
}

/** A generated object's node, drawing its record first when it has one. */
function recordNode(scope: ReturnType<typeof recordScope>, gen: Gen): GenNode {
  return { constant: false, gen: scope ? withRecord(scope, gen) : gen };
}

/** One element of a template array: a single value, or `min`..`max` copies of one. */
interface Part {
  gen: Gen;
  min: number;
  max: number;
  multiplied: boolean;
}

function compileArray(array: JsonValue[]): Node {
  const nodes = array.map((element) => compileNode(element));
  const parts: Part[] = array.map((element, i) => {
    const range = isJsonObject(element) ? parseMultiply(element[MULTIPLY_KEY]) : undefined;
    return {
      gen: genOf(nodes[i] as Node),
      min: range?.min ?? 1,
      max: range?.max ?? 1,
      multiplied: range !== undefined,
    };
  });
  if (parts.every((p, i) => !p.multiplied && (nodes[i] as Node).constant)) {
    return { constant: true, value: nodes.map(constantOf) };
  }
  return {
    constant: false,
    gen: (ctx) => {
      const out: JsonValue[] = [];
      for (const part of parts) {
        const copies = part.min === part.max ? part.min : ctx.random.int(part.min, part.max);
        for (let i = 0; i < copies; i++) out.push(part.gen(ctx));
      }
      return out;
    },
  };
}

function constantOf(node: Node): JsonValue {
  if (!node.constant) throw new Error('constantOf on a generated node');
  return node.value;
}

function genOf(node: Node): Gen {
  if (!node.constant) return node.gen;
  const value = node.value;
  return () => value;
}

function buildObject(keys: string[], values: JsonValue[]): JsonObject {
  const out: JsonObject = {};
  for (let i = 0; i < keys.length; i++) {
    Object.defineProperty(out, keys[i] as string, {
      value: values[i],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The bytes of one body counted so far, against the limit. */
class ByteBudget {
  used = 0;

  constructor(readonly limit: number) {}

  /** Counts `bytes` more; throws ResponseTooLargeError once the count passes the limit. */
  add(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limit) throw new ResponseTooLargeError(this.limit, this.used);
  }
}

// The guarded compilers below mirror compileNode, compileObject and compileArray rather than
// share them, so that the generators of templates within the limit stay exactly as lean.

/**
 * Compiles a stored template that can pass `limit` into a generator that counts as it goes:
 * constants by their exact size, computed once, generated values by theirs, and the brackets,
 * keys, colons and commas around them. A body stops at the first value that takes it past.
 */
function compileGuarded(
  source: JsonValue,
  measure: Measure,
  limit: number,
  finish: Finish | undefined,
): CompiledTemplate {
  const budget = new ByteBudget(limit);
  const root = guardNode(source, budget);
  const guarded = guardedGenOf(root, budget);
  return assemble(source, measure, root, finish, (ctx) => {
    budget.used = 0;
    return guarded(ctx);
  });
}

function guardNode(value: JsonValue, budget: ByteBudget, inRecord = false): Node {
  if (typeof value === 'string') {
    const type = getDataType(value);
    const generate = type ? type.generate : requestNode(value)?.gen;
    if (!generate) return { constant: true, value };
    return {
      constant: false,
      gen: (ctx) => {
        const out = generate(ctx);
        budget.add(jsonByteLength(out));
        return out;
      },
    };
  }
  if (Array.isArray(value)) return guardArray(value, budget);
  if (isJsonObject(value)) return guardObject(value, budget, inRecord);
  return { constant: true, value };
}

function guardObject(object: JsonObject, budget: ByteBudget, inRecord: boolean): Node {
  const directive = directiveOf(object);
  if (directive) return guardDirective(directive, budget, inRecord);
  const scope = inRecord ? undefined : recordScope(object);
  const keys: string[] = [];
  const nodes: Node[] = [];
  // Braces, a colon per key and a comma between each two keys, then the keys themselves.
  let frame = 2;
  for (const key of Object.keys(object)) {
    if (key === MULTIPLY_KEY) continue;
    keys.push(key);
    nodes.push(guardNode(object[key] as JsonValue, budget, inRecord || scope !== undefined));
    frame += jsonStringByteLength(key) + (keys.length > 1 ? 2 : 1);
  }
  if (nodes.every((n) => n.constant)) {
    return { constant: true, value: buildObject(keys, nodes.map(constantOf)) };
  }
  const gens = nodes.map((node) => guardedGenOf(node, budget));
  return recordNode(scope, (ctx) => {
    budget.add(frame);
    return buildObject(
      keys,
      gens.map((g) => g(ctx)),
    );
  });
}

/**
 * A guarded directive: a `__oneOf` picks among guarded choices, and a drawn number or text counts
 * its bytes; a `__literal` is a constant, counted where it is used.
 */
function guardDirective(directive: Directive, budget: ByteBudget, inRecord: boolean): Node {
  const node = compileDirective(
    directive,
    (value) => guardNode(value, budget, inRecord),
    (choice) => guardedGenOf(choice, budget),
  );
  if (node.constant || directive.kind === 'oneOf') return node;
  const gen = node.gen;
  return {
    constant: false,
    gen: (ctx) => {
      const out = gen(ctx);
      budget.add(jsonByteLength(out));
      return out;
    },
  };
}

function guardArray(array: JsonValue[], budget: ByteBudget): Node {
  const nodes = array.map((element) => guardNode(element, budget));
  const ranges = array.map((element) =>
    isJsonObject(element) ? parseMultiply(element[MULTIPLY_KEY]) : undefined,
  );
  if (nodes.every((node, i) => node.constant && ranges[i] === undefined)) {
    return { constant: true, value: nodes.map(constantOf) };
  }
  const parts: Part[] = nodes.map((node, i) => ({
    gen: guardedGenOf(node, budget),
    min: ranges[i]?.min ?? 1,
    max: ranges[i]?.max ?? 1,
    multiplied: ranges[i] !== undefined,
  }));
  return {
    constant: false,
    gen: (ctx) => {
      budget.add(2);
      const out: JsonValue[] = [];
      for (const part of parts) {
        const copies = part.min === part.max ? part.min : ctx.random.int(part.min, part.max);
        for (let i = 0; i < copies; i++) {
          if (out.length > 0) budget.add(1);
          out.push(part.gen(ctx));
        }
      }
      return out;
    },
  };
}

/** The generator of a guarded node; a constant counts its exact size, computed once. */
function guardedGenOf(node: Node, budget: ByteBudget): Gen {
  if (!node.constant) return node.gen;
  const value = node.value;
  const bytes = jsonByteLength(value);
  return () => {
    budget.add(bytes);
    return value;
  };
}
