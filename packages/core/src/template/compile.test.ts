import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.ts';
import { MAX_RESPONSE_BYTES } from '../limits.ts';
import { serialisedBytes } from '../testing/bytes.ts';
import {
  type CompileOptions,
  compileTemplate,
  type Finish,
  prepareTemplate,
  ResponseTooLargeError,
  SEEDED_REFERENCE_TIME,
} from './compile.ts';

function compile(template: unknown, options: CompileOptions = {}) {
  const result = compileTemplate(template, options);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe('compileTemplate', () => {
  it('returns literals and custom strings verbatim', () => {
    const template = {
      status: 'active',
      count: 3,
      ratio: 0.5,
      flag: false,
      none: null,
      nested: { label: 'Hello, world', list: [1, 'two', { three: 3 }] },
      typo: 'string.name.fulname',
    };
    const compiled = compile(template);
    expect(compiled.isStatic).toBe(true);
    expect(compiled.generate()).toEqual(template);
  });

  it('replaces every type string with a fresh value of its kind', () => {
    const compiled = compile({
      id: 'uuid',
      name: 'string',
      age: 'number',
      ok: 'boolean',
      mail: 'email',
      at: 'date',
      text: 'lorem',
      tags: 'array',
      share: 'percentage',
    });
    expect(compiled.isStatic).toBe(false);
    const body = compiled.generate() as JsonObject;
    expect(body.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(typeof body.name).toBe('string');
    expect(Number.isInteger(body.age)).toBe(true);
    expect(typeof body.ok).toBe('boolean');
    expect(body.mail).toMatch(/^[a-z0-9._]+@[a-z0-9.-]+\.[a-z]+$/);
    expect(Number.isNaN(Date.parse(body.at as string))).toBe(false);
    expect(body.text).toMatch(/^[A-Z].*\.$/);
    expect(Array.isArray(body.tags)).toBe(true);
    expect(body.share).toBeGreaterThanOrEqual(0);
    expect(body.share).toBeLessThanOrEqual(100);
    expect(compiled.generate()).not.toEqual(body);
  });

  it('generates exactly N copies for "N-N", without the __multiply key', () => {
    const compiled = compile({ users: [{ __multiply: '5-5', id: 'uuid' }] });
    for (let i = 0; i < 20; i++) {
      const users = (compiled.generate() as JsonObject).users as JsonObject[];
      expect(users).toHaveLength(5);
      for (const user of users) expect(Object.keys(user)).toEqual(['id']);
      expect(new Set(users.map((u) => u.id)).size).toBe(5);
    }
  });

  it('generates between A and B copies for "A-B", reaching both bounds, an empty list included', () => {
    const compiled = compile([{ __multiply: '0-3', n: 'number' }]);
    const lengths = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      lengths.add((compiled.generate({ seed }) as JsonValue[]).length);
    }
    expect([...lengths].sort()).toEqual([0, 1, 2, 3]);
  });

  it('keeps elements without __multiply once, in place, between multiplied ones', () => {
    const compiled = compile(['first', { __multiply: '2-2', x: 1 }, 'middle', { y: 2 }, 'last']);
    expect(compiled.generate()).toEqual(['first', { x: 1 }, { x: 1 }, 'middle', { y: 2 }, 'last']);
  });

  it('multiplies nested arrays independently', () => {
    const compiled = compile([{ __multiply: '3-3', items: [{ __multiply: '1-4', id: 'uuid' }] }]);
    const body = compiled.generate({ seed: 7 }) as { items: unknown[] }[];
    expect(body).toHaveLength(3);
    for (const order of body) {
      expect(order.items.length).toBeGreaterThanOrEqual(1);
      expect(order.items.length).toBeLessThanOrEqual(4);
    }
  });

  it('gives the same body byte for byte for the same seed, from separate compilations', () => {
    const template = {
      id: 'uuid',
      name: 'string.name.fullname',
      at: 'date',
      orders: [{ __multiply: '1-5', total: 'number.money.price', placed: 'string.time.past' }],
    };
    const a = JSON.stringify(compile(template).generate({ seed: 42 }));
    const b = JSON.stringify(
      compile(JSON.parse(JSON.stringify(template))).generate({ seed: '42' }),
    );
    expect(a).toBe(b);
    expect(JSON.stringify(compile(template).generate({ seed: 43 }))).not.toBe(a);
  });

  it('starts seeded dates from a fixed reference time unless one is given', () => {
    const compiled = compile({ at: 'date' });
    const seeded = (compiled.generate({ seed: 1 }) as JsonObject).at as string;
    expect(Date.parse(seeded)).toBeLessThanOrEqual(SEEDED_REFERENCE_TIME);
    expect(Date.parse(seeded)).toBeGreaterThan(SEEDED_REFERENCE_TIME - 366 * 86_400_000);
    const now = Date.UTC(2030, 5, 1);
    const later = (compiled.generate({ seed: 1, now }) as JsonObject).at as string;
    expect(Date.parse(later) - Date.parse(seeded)).toBe(now - SEEDED_REFERENCE_TIME);
  });

  it('keeps a "__proto__" key as an ordinary key', () => {
    const template = JSON.parse('{"__proto__": "uuid", "x": 1}');
    const body = compile(template).generate() as JsonObject;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(['__proto__', 'x']);
    const reparsed = JSON.parse(JSON.stringify(body));
    expect(Object.getOwnPropertyDescriptor(reparsed, '__proto__')?.value).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('returns the validation problems instead of a generator', () => {
    expect(compileTemplate({ a: 'number.money.price' }, { mode: 'demo' })).toMatchObject({
      ok: false,
      errors: [{ code: 'DEMO_TYPE_NOT_ALLOWED', path: '$.a' }],
    });
  });

  it('reports its worst-case size', () => {
    expect(compile([{ __multiply: '1-10', a: 'uuid' }]).maxValues).toBe(21);
  });
});

describe('compileTemplate: finish', () => {
  /** Makes `b` follow `a`, drawing from the body's own random stream and reference time. */
  const finish: Finish = (body, ctx) => {
    const { a } = body as { a: number };
    return { a, b: a + ctx.random.int(1, 9), at: ctx.now };
  };

  it('answers what the finishing step makes of each body, with the same context', () => {
    const compiled = compile({ a: 'number', b: 'number' }, { finish });
    const now = Date.UTC(2030, 0, 1);
    for (let seed = 0; seed < 20; seed++) {
      const body = compiled.generate({ seed, now }) as { a: number; b: number; at: number };
      expect(body.b - body.a).toBeGreaterThanOrEqual(1);
      expect(body.b - body.a).toBeLessThanOrEqual(9);
      expect(body.at).toBe(now);
    }
  });

  it('stays reproducible under a seed: one stream for the template and the step', () => {
    const compiled = compile({ a: 'number', b: 'number' }, { finish });
    const bodies = [1, 1, 2].map((seed) => JSON.stringify(compiled.generate({ seed })));
    expect(bodies[0]).toBe(bodies[1]);
    expect(bodies[2]).not.toBe(bodies[0]);
  });

  it('makes a template of literals generated, since the step may draw', () => {
    const compiled = compile({ a: 1 }, { finish });
    expect(compiled.isStatic).toBe(false);
    expect((compiled.generate({ seed: 3 }) as { a: number }).a).toBe(1);
  });

  it('finishes the bodies of a stored template guarded by the size limit as well', () => {
    const template = { a: 'number', items: [{ __multiply: '0-100', id: 'uuid' }] };
    const guarded = compile(template, { stored: true, maxResponseBytes: 3000, finish });
    expect(guarded.maxBytes).toBeGreaterThan(3000);
    const finished: { a: number; b: number }[] = [];
    for (let seed = 0; seed < 20; seed++) {
      try {
        finished.push(guarded.generate({ seed }) as { a: number; b: number });
      } catch (error) {
        expect(error).toBeInstanceOf(ResponseTooLargeError);
      }
    }
    expect(finished.length).toBeGreaterThan(0);
    for (const body of finished) {
      expect(Object.keys(body)).toEqual(['a', 'b', 'at']);
      expect(body.b).toBeGreaterThan(body.a);
    }
  });
});

describe('prepareTemplate', () => {
  it('parses, validates and compiles a text', () => {
    const result = prepareTemplate('{"id":"uuid","orders":[{"__multiply":"2-2","n":1}]}');
    expect(result.ok && (result.value.generate() as JsonObject).orders).toEqual([
      { n: 1 },
      { n: 1 },
    ]);
  });

  it('stops at invalid JSON with the spec text', () => {
    expect(prepareTemplate('{"id": uuid}')).toEqual({
      ok: false,
      errors: [{ code: 'INVALID_JSON', message: 'Invalid JSON format', path: '$' }],
    });
  });
});

/** The attack: 1000 copies of a 250,000-character literal, 250 MB an answer. */
const LONG_LITERAL = 'x'.repeat(250_000);
const ATTACK_TEXT = `[{"__multiply":"1000-1000","a":"${LONG_LITERAL}"}]`;
/** One copy of the attack's element and the comma before it, in bytes. */
const ATTACK_COPY_BYTES = '{"a":""},'.length + LONG_LITERAL.length;

/** What `run` threw, which the test expects to be a ResponseTooLargeError. */
function thrownBy(run: () => unknown): ResponseTooLargeError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResponseTooLargeError) return error;
    throw error;
  }
  throw new Error('expected a ResponseTooLargeError, nothing was thrown');
}

describe('compileTemplate: answer size', () => {
  it('reports its worst-case answer size in bytes', () => {
    const compiled = compile([{ __multiply: '2-2', a: 'é', b: [1, null] }]);
    expect(compiled.maxBytes).toBe(serialisedBytes(compiled.generate()));
  });

  it.each(['demo', 'full'] as const)(
    'refuses the attack template in %s mode, naming its worst case',
    (mode) => {
      const result = prepareTemplate(ATTACK_TEXT, { mode });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors).toContainEqual({
        code: 'TEMPLATE_RESPONSE_TOO_LARGE',
        message:
          'Template could generate answers of up to 238.5 MiB; the limit is 10 MiB per answer. Lower the __multiply upper bounds or shorten long literals',
        path: '$',
      });
    },
  );

  it('compiles the attack template when stored, knowing its worst case', () => {
    const result = prepareTemplate(ATTACK_TEXT, { stored: true });
    expect(result.ok && result.value.maxBytes).toBe(250_009_001);
  });

  it('stops a stored template at the limit with ResponseTooLargeError', () => {
    const result = prepareTemplate(ATTACK_TEXT, { stored: true });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const error = thrownBy(() => result.value.generate());
    expect(error.limit).toBe(MAX_RESPONSE_BYTES);
    expect(error.counted).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(error.counted).toBeLessThanOrEqual(MAX_RESPONSE_BYTES + ATTACK_COPY_BYTES);
  });

  it('stops at the configured limit, after the first copy that passes it', () => {
    const limit = 1024 * 1024;
    const result = prepareTemplate(ATTACK_TEXT, { stored: true, maxResponseBytes: limit });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const error = thrownBy(() => result.value.generate({ seed: 1 }));
    expect(error).toMatchObject({
      name: 'ResponseTooLargeError',
      code: 'TEMPLATE_RESPONSE_TOO_LARGE',
      limit,
      message:
        'The generated answer passed the limit of 1 MiB per answer and was stopped. Lower the __multiply upper bounds or shorten long literals',
    });
    // The fifth copy passes 1 MiB: four copies and the brackets are all that were counted before.
    expect(error.counted).toBe(1 + 5 * ATTACK_COPY_BYTES);
  });

  it('stops a stored static template over the limit on every call', () => {
    const compiled = compile({ a: 'x'.repeat(100) }, { stored: true, maxResponseBytes: 50 });
    expect(compiled.isStatic).toBe(true);
    expect(thrownBy(() => compiled.generate()).counted).toBe(compiled.maxBytes);
  });

  it('gives a stored template over the limit the same bodies while they stay under it', () => {
    const template = [
      { __multiply: '0-40', id: 'uuid', name: 'string.name.fullname', note: 'é'.repeat(30) },
      { tags: 'array', at: 'date' },
    ];
    const plain = compile(template);
    const limit = Math.floor(plain.maxBytes / 2);
    const guarded = compile(template, { stored: true, maxResponseBytes: limit });
    let under = 0;
    for (let seed = 0; seed < 60; seed++) {
      const body = plain.generate({ seed });
      if (serialisedBytes(body) <= limit) {
        expect(guarded.generate({ seed })).toEqual(body);
        under++;
      } else {
        expect(thrownBy(() => guarded.generate({ seed })).counted).toBeGreaterThan(limit);
      }
    }
    expect(under).toBeGreaterThan(0);
    expect(under).toBeLessThan(60);
  });

  it('still refuses the other problems of a stored template', () => {
    const result = compileTemplate([{ __multiply: '5-1', a: LONG_LITERAL }], { stored: true });
    expect(result.ok || result.errors.map((e) => e.code)).toEqual(['MULTIPLY_RANGE']);
  });

  it('compiles a stored template within the limit as any other', () => {
    const template = [{ __multiply: '3-3', id: 'uuid', n: 1 }];
    const stored = compile(template, { stored: true });
    expect(stored.maxBytes).toBe(compile(template).maxBytes);
    expect(stored.generate({ seed: 5 })).toEqual(compile(template).generate({ seed: 5 }));
  });
});
