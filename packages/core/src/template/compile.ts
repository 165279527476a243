import { createContext } from '../data-types/context.ts';
import { getDataType } from '../data-types/lookup.ts';
import type { GenContext } from '../data-types/types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { createRandom, type Random, type Seed } from '../random.ts';
import type { TemplateResult } from './issues.ts';
import { MULTIPLY_KEY, parseMultiply } from './multiply.ts';
import { parseTemplate } from './parse.ts';
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
}

/** The reference time of seeded generation when none is given: 2026-01-01T00:00:00Z. */
export const SEEDED_REFERENCE_TIME = Date.UTC(2026, 0, 1);

/** A validated template turned into a generator: compile once, generate many. */
export interface CompiledTemplate {
  /** The template as written. */
  readonly source: JsonValue;
  /** The most values (objects, arrays and leaves) one body can hold. */
  readonly maxValues: number;
  /**
   * True when every body is the same (only literals, no `__multiply`): the caller may
   * generate once and reuse the result, serialised, for every request.
   */
  readonly isStatic: boolean;
  /**
   * Generates a fresh body. Bodies may share the template's literal subtrees with each other:
   * treat them as read-only (the sorting and pagination functions never mutate them).
   */
  generate(options?: GenerateOptions): JsonValue;
}

type Gen = (ctx: GenContext) => JsonValue;

/** A compiled node: a constant when nothing under it is generated, else a generator. */
type Node = { constant: true; value: JsonValue } | { constant: false; gen: Gen };

// Unseeded bodies all draw from one stream, seeded once per process.
const sharedRandom: Random = createRandom();

/**
 * Validates a template value and compiles it into a generator, or returns its problems.
 * Never throws, whatever the value.
 */
export function compileTemplate(
  value: unknown,
  options: ValidateOptions = {},
): TemplateResult<CompiledTemplate> {
  const { issues, maxValues } = analyseTemplate(value, options);
  if (issues.length > 0) return { ok: false, errors: issues };
  const source = value as JsonValue;
  const root = compileNode(source);
  const generate = root.constant ? () => root.value : root.gen;
  return {
    ok: true,
    value: {
      source,
      maxValues,
      isStatic: root.constant,
      generate({ seed, now }: GenerateOptions = {}) {
        const random = seed === undefined ? sharedRandom : createRandom(seed);
        return generate(createContext(random, referenceTime(now, seed !== undefined)));
      },
    },
  };
}

function referenceTime(now: number | Date | undefined, seeded: boolean): number {
  if (now !== undefined) return typeof now === 'number' ? now : now.getTime();
  return seeded ? SEEDED_REFERENCE_TIME : Date.now();
}

/** Parses, validates and compiles a template text in one call. */
export function prepareTemplate(
  text: string,
  options: ValidateOptions = {},
): TemplateResult<CompiledTemplate> {
  const parsed = parseTemplate(text);
  return parsed.ok ? compileTemplate(parsed.value, options) : parsed;
}

function compileNode(value: JsonValue): Node {
  if (typeof value === 'string') {
    const type = getDataType(value);
    return type ? { constant: false, gen: type.generate } : { constant: true, value };
  }
  if (Array.isArray(value)) return compileArray(value);
  if (isJsonObject(value)) return compileObject(value);
  return { constant: true, value };
}

function compileObject(object: JsonObject): Node {
  const keys: string[] = [];
  const nodes: Node[] = [];
  for (const key of Object.keys(object)) {
    if (key === MULTIPLY_KEY) continue;
    keys.push(key);
    nodes.push(compileNode(object[key] as JsonValue));
  }
  if (nodes.every((n) => n.constant)) {
    return { constant: true, value: buildObject(keys, nodes.map(constantOf)) };
  }
  // `__proto__` as a plain assignment would set the prototype instead of a key.
  if (keys.includes('__proto__')) {
    const gens = nodes.map(genOf);
    return {
      constant: false,
      gen: (ctx) =>
        buildObject(
          keys,
          gens.map((g) => g(ctx)),
        ),
    };
  }
  const gens = nodes.map(genOf);
  const count = keys.length;
  return {
    constant: false,
    gen: (ctx) => {
      const out: JsonObject = {};
      for (let i = 0; i < count; i++) out[keys[i] as string] = (gens[i] as Gen)(ctx);
      return out;
    },
  };
}

/** One element of a template array: a single value, or `min`..`max` copies of one. */
interface Part {
  gen: Gen;
  min: number;
  max: number;
  multiplied: boolean;
}

function compileArray(array: JsonValue[]): Node {
  const nodes = array.map(compileNode);
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
