/**
 * For any demo template, the API created from it serves bodies of the template's shape: the same
 * keys, a value of each basic type's kind, and `__multiply` counts within their range.
 */
import { DEMO_TYPE_NAMES } from '@mocksmith/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, pathOf, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Multiplied = [Template & { __multiply: string }];
type Node = string | Template | Multiplied;
type Template = { [key: string]: Node };

const KIND: Record<(typeof DEMO_TYPE_NAMES)[number], (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  email: (v) => typeof v === 'string' && v.includes('@'),
  uuid: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/.test(v),
  date: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  lorem: (v) => typeof v === 'string' && v.length > 0,
  array: (v) => Array.isArray(v),
};

const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,11}$/);
const leaf = fc.constantFrom(...DEMO_TYPE_NAMES);
const { template } = fc.letrec<{ template: Template; node: Node }>((tie) => ({
  template: fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 5 }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('template'),
    fc
      .tuple(tie('template'), fc.nat(3), fc.nat(3))
      .map(
        ([element, a, b]): Multiplied => [
          { __multiply: `${Math.min(a, b)}-${Math.max(a, b)}`, ...element },
        ],
      ),
  ),
}));

function checkShape(value: unknown, shape: Template | string, path: string): void {
  if (typeof shape === 'string') {
    expect(KIND[shape as keyof typeof KIND](value), `${path} is a ${shape}`).toBe(true);
    return;
  }
  expect(Object.keys(value as object), path).toEqual(Object.keys(shape));
  for (const [name, child] of Object.entries(shape)) {
    const got = (value as Record<string, unknown>)[name];
    if (Array.isArray(child)) {
      const [{ __multiply, ...element }] = child;
      const [min, max] = __multiply.split('-').map(Number) as [number, number];
      expect(Array.isArray(got), `${path}.${name} is a list`).toBe(true);
      const list = got as unknown[];
      expect(list.length).toBeGreaterThanOrEqual(min);
      expect(list.length).toBeLessThanOrEqual(max);
      for (const [i, item] of list.entries()) checkShape(item, element, `${path}.${name}[${i}]`);
    } else {
      checkShape(got, child as Template | string, `${path}.${name}`);
    }
  }
}

describe('anonymous APIs, for any demo template', () => {
  it('serve bodies of the template’s shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        template,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        async (shape, method) => {
          const created = await t.app.inject({
            method: 'POST',
            url: '/backend/crud',
            payload: { template: JSON.stringify(shape), requestEnum: method },
          });
          expect(created.statusCode).toBe(201);
          const served = await t.app.inject({ method, url: pathOf(created.json().link) });
          expect(served.statusCode).toBe(200);
          checkShape(served.json(), shape, '$');
        },
      ),
      { numRuns: 40 },
    );
  });
});
