import { applyListQuery, prepareTemplate, type RawQuery } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import {
  type GeneratedExample,
  multiplyExample,
  productsJson,
  SORTING_SEED,
  sortingExamples,
  sortingTemplate,
  templateExample,
} from './examples.ts';

/** What the server generates for a template under a seed (full mode: every catalogue type). */
function generate(template: unknown, seed: string) {
  const prepared = prepareTemplate(JSON.stringify(template));
  if (!prepared.ok) throw new Error(prepared.errors.map((e) => e.message).join('\n'));
  return prepared.value.generate({ seed });
}

/** A query string as Fastify parses it: repeated parameters become lists. */
function parseQuery(query: string): RawQuery {
  const params = new URLSearchParams(query);
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return raw;
}

describe.each([
  ['template', templateExample],
  ['array multiplier', multiplyExample],
] as [string, GeneratedExample][])('the %s example', (_, example) => {
  it('shows what a call with its seed answers', () => {
    expect(generate(example.template, example.seed)).toEqual(example.body);
  });
});

describe('the sorting examples', () => {
  it.each(sortingExamples)('?$query answers what the page shows', ({ query, body, headers }) => {
    // As the public endpoint does: the seed drives generation, the rest the list query.
    const { seed, ...listQuery } = parseQuery(query);
    expect(seed).toBe(SORTING_SEED);
    const result = applyListQuery(
      generate(sortingTemplate, SORTING_SEED),
      listQuery,
      'https://mocksmith.example/api/YOUR_REQUEST_ID',
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.body).toEqual(body);
    for (const [name, value] of Object.entries(headers ?? {})) {
      expect(result.value.headers[name]).toBe(value);
    }
  });

  it('includes the ?sort=price:desc&sort=name example with a tie the second key breaks', () => {
    const example = sortingExamples.find((e) => e.query.endsWith('sort=price:desc&sort=name'));
    const prices = example?.body.map((product) => product.price) ?? [];
    expect(new Set(prices).size).toBeLessThan(prices.length);
  });
});

describe('productsJson', () => {
  it('writes one product per line and stays valid JSON', () => {
    const text = productsJson([
      { name: 'A', price: 1.5, rating: 4 },
      { name: 'B', price: 2, rating: 3.2 },
    ]);
    expect(text).toBe(
      '[\n  { "name": "A", "price": 1.5, "rating": 4 },\n  { "name": "B", "price": 2, "rating": 3.2 }\n]',
    );
    expect(JSON.parse(text)).toHaveLength(2);
    expect(productsJson([])).toBe('[]');
  });
});
