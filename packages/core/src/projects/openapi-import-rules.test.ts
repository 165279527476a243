import { describe, expect, it } from 'vitest';
import { routeInputSchema } from '../schemas/projects.ts';
import {
  asInput,
  field,
  json,
  planOf,
  QUOTES,
  route,
  spec,
  summary,
} from './fixtures/import-documents.ts';
import shop from './fixtures/shop-3.0.json';
import { compileRules } from './rule-match.ts';
import { MAX_RULES_PER_ROUTE, type RouteRule } from './rules.ts';

describe('planProjectImport: request examples paired with response examples', () => {
  it('makes a rule per name a request example and a response example share, in order', async () => {
    const plan = await planOf(QUOTES);
    const quotes = route(plan, 'POST /quotes');
    expect(summary(quotes)).toEqual(['gold 200 *', 'silver 200', 'invalid 400']);
    // bronze has no response, invalid no request: neither makes a rule. Nested fields are left out.
    expect(quotes.rules).toEqual([
      {
        name: 'gold',
        combine: 'all',
        conditions: [
          field('$.tier', 'gold'),
          field('$.seats', '10'),
          field('$.trial', 'false'),
          field('$.coupon', 'null'),
        ],
        response: 'gold',
      },
      {
        name: 'silver',
        combine: 'all',
        conditions: [field('$.tier', 'silver'), field('$.seats', '2')],
        response: 'silver',
      },
    ] satisfies RouteRule[]);
    expect(plan.warnings).toEqual([]);
    // The route passes the management API's checks, and its rules pick as the examples say.
    expect(routeInputSchema.safeParse(asInput(quotes)).error).toBeUndefined();
    const rules = compileRules(quotes.rules ?? []);
    const request = (value: unknown) => ({ params: {}, query: {}, headers: {}, body: value });
    expect(
      rules.match(request({ tier: 'gold', seats: 10, trial: false, coupon: null }))?.rule.response,
    ).toBe('gold');
    expect(rules.match(request({ tier: 'silver', seats: 2.0 }))?.rule.response).toBe('silver');
    expect(rules.match(request({ tier: 'silver', seats: 3 }))).toBeNull();
    expect(rules.match(request({ tier: 'bronze' }))).toBeNull();
  });

  it('pairs with an error answer, quotes a field a dot cannot name, and says which example makes no rule', async () => {
    const plan = await planOf(
      spec('/orders', {
        post: {
          requestBody: {
            content: json({
              broken: { 'sku.id': 'X"1', qty: -1 },
              nested: { item: { sku: 'A1' }, tags: ['a'] },
              whole: 'just text',
            }),
          },
          responses: {
            201: { description: 'Made', content: json({ made: { id: 1 }, nested: { id: 2 } }) },
            422: { description: 'Refused', content: json({ broken: { message: 'bad quantity' } }) },
            default: { description: 'Other', content: json({ whole: { ok: true } }) },
          },
        },
      }),
    );
    const orders = route(plan, 'POST /orders');
    expect(orders.rules).toEqual([
      {
        name: 'broken',
        combine: 'all',
        conditions: [field('$["sku.id"]', 'X"1'), field('$.qty', '-1')],
        response: 'broken',
      },
      { name: 'whole', combine: 'all', conditions: [field('$', 'just text')], response: 'whole' },
    ]);
    expect(plan.warnings).toEqual([
      'POST /orders: the request example "nested" makes no rule: it has no top-level field or parameter value that is text, a number, true, false or null to compare',
    ]);
    expect(
      compileRules(orders.rules ?? []).match({
        params: {},
        query: {},
        headers: {},
        body: { 'sku.id': 'X"1', qty: -1 },
      })?.index,
    ).toBe(0);
  });

  it("pairs parameters' examples, every parameter of a name in one rule", async () => {
    const plan = await planOf(
      spec('/plans/{plan-id}', {
        get: {
          parameters: [
            {
              name: 'plan-id',
              in: 'path',
              required: true,
              schema: { type: 'integer' },
              examples: { gold: { value: 7 } },
            },
            {
              name: 'tier',
              in: 'query',
              schema: { type: 'string' },
              examples: {
                gold: { value: 'gold' },
                basic: { value: 'basic' },
                lone: { value: 'x' },
              },
            },
            {
              name: 'X-Region',
              in: 'header',
              schema: { type: 'string' },
              examples: { gold: { value: 'eu' } },
            },
            {
              name: 'seen',
              in: 'cookie',
              schema: { type: 'string' },
              examples: { basic: { value: 'yes' } },
            },
          ],
          responses: {
            200: {
              description: 'A plan',
              content: json({ basic: { seats: 1 }, gold: { seats: 10 } }),
            },
            404: { description: 'None', content: json({ missing: { message: 'no such plan' } }) },
          },
        },
      }),
    );
    const plans = route(plan, 'GET /plans/{plan_id:integer}');
    expect(plans.rules).toEqual([
      {
        name: 'gold',
        combine: 'all',
        conditions: [
          { source: 'param', name: 'plan_id', operator: 'equals', value: '7' },
          { source: 'query', name: 'tier', operator: 'equals', value: 'gold' },
          { source: 'header', name: 'X-Region', operator: 'equals', value: 'eu' },
        ],
        response: 'gold',
      },
      {
        name: 'basic',
        combine: 'all',
        conditions: [
          { source: 'query', name: 'tier', operator: 'equals', value: 'basic' },
          { source: 'cookie', name: 'seen', operator: 'equals', value: 'yes' },
        ],
        response: 'basic',
      },
    ]);
    expect(routeInputSchema.safeParse(asInput(plans)).error).toBeUndefined();
    const rules = compileRules(plans.rules ?? []);
    const call = (query: Record<string, string>, headers: Record<string, string>) =>
      rules.match({ params: { plan_id: 7 }, query, headers, body: null })?.rule.response ?? null;
    expect(call({ tier: 'gold' }, { 'x-region': 'eu' })).toBe('gold');
    expect(call({ tier: 'gold' }, { 'x-region': 'us' })).toBeNull();
    expect(call({ tier: 'basic' }, { cookie: 'seen=yes' })).toBe('basic');
  });

  it('makes at most the rules a route holds, and names the examples left out', async () => {
    const names = Array.from({ length: MAX_RULES_PER_ROUTE + 2 }, (_, i) => `tier${i}`);
    const examples = Object.fromEntries(names.map((name) => [name, { tier: name }]));
    const plan = await planOf(
      spec('/quotes', {
        post: {
          requestBody: { content: json(examples) },
          responses: { 200: { description: 'A quote', content: json(examples) } },
        },
      }),
    );
    const quotes = route(plan, 'POST /quotes');
    expect(quotes.rules?.map((rule) => rule.response)).toEqual(names.slice(0, MAX_RULES_PER_ROUTE));
    expect(plan.warnings).toEqual(
      names
        .slice(MAX_RULES_PER_ROUTE)
        .map(
          (name) =>
            `POST /quotes: the request example "${name}" makes no rule: a route holds at most ${MAX_RULES_PER_ROUTE} rules`,
        ),
    );
  });

  it('takes x-mocksmith-rules over the pairing, and says nothing of rules where a spec has no request examples', async () => {
    const own: RouteRule = {
      combine: 'any',
      conditions: [
        { source: 'header', name: 'x-tier', operator: 'in', values: ['silver', 'bronze'] },
      ],
      response: 'silver',
    };
    const document = JSON.parse(JSON.stringify(QUOTES));
    document.paths['/quotes'].post['x-mocksmith-rules'] = [own];
    expect(route(await planOf(document), 'POST /quotes').rules).toEqual([own]);
    for (const planned of (await planOf(shop)).routes) expect(planned).not.toHaveProperty('rules');
  });
});
