import { describe, expect, it } from 'vitest';
import { dereferenced, largeDocument, planOf, QUOTES } from './fixtures/import-documents.ts';
import shop from './fixtures/shop-3.0.json';
import { type PlannedRoute, planProjectImport } from './openapi-import.ts';
import { diffImport, type ExistingRoute } from './openapi-import-diff.ts';
import type { RouteRule } from './rules.ts';

describe('diffImport', () => {
  const stored = (planned: PlannedRoute, changes: Partial<ExistingRoute> = {}) => ({
    id: `${planned.method} ${planned.path}`,
    importKey: planned.importKey,
    method: planned.method,
    path: planned.path,
    name: planned.name,
    responses: planned.responses,
    responseMode: planned.responseMode,
    ...changes,
  });

  it('tells created, updated, unchanged and no longer in the spec apart', async () => {
    const plan = await planOf(shop);
    const [list, add, get] = plan.routes as [PlannedRoute, PlannedRoute, PlannedRoute];
    const existing = [
      stored(list),
      stored(add, { name: 'Renamed by the user' }),
      // Made by an import before the server's path was kept: found by its key, moved under it.
      stored(get, { path: '/pets/{petId}' }),
      { ...stored(get), importKey: 'GET /gone', method: 'GET' as const, path: '/gone' },
    ];
    const diff = diffImport(existing, plan);
    expect(diff.report).toEqual({
      created: [
        'PATCH /v2/pets/{petId:integer}',
        'DELETE /v2/pets/{petId:integer}',
        'GET /v2/pets/{petId:integer}/{format}',
        'GET /v2/orders/{order_id}',
      ],
      updated: ['POST /v2/pets', 'GET /v2/pets/{petId:integer}'],
      unchanged: ['GET /v2/pets'],
      notInSpec: ['GET /gone'],
      skipped: plan.skipped.map(({ operation, reason }) => ({ operation, reason })),
      warnings: plan.warnings,
    });
    expect(diff.update.map(({ route }) => route.id)).toEqual([
      'POST /v2/pets',
      'GET /v2/pets/{petId:integer}',
    ]);
    expect(diff.update[1]?.planned.path).toBe('/v2/pets/{petId:integer}');
    expect(diff.notInSpec.map((r) => r.path)).toEqual(['/gone']);
    expect(diff.create).toHaveLength(4);
  });

  it("keeps a route made by hand where the spec has one, and skips the spec's", async () => {
    const plan = await planOf(shop);
    const [list] = plan.routes as [PlannedRoute];
    const handMade = { ...stored(list), importKey: null, path: '/v2/pets/' };
    const diff = diffImport([handMade], plan);
    expect(diff.report.created).not.toContain('GET /v2/pets');
    expect(diff.report.skipped).toContainEqual({
      operation: 'GET /v2/pets',
      reason:
        "Another route of the project, not made by an import of this spec, answers GET /v2/pets: it is kept as it is (delete it and import again to take the spec's)",
    });
    expect(diff.update).toEqual([]);
  });

  it('creates only what the project has room for', async () => {
    const plan = await planOf(shop);
    const diff = diffImport([], plan, { maxRoutes: 5 });
    expect(diff.report.created).toHaveLength(5);
    expect(diff.report.skipped.slice(-2)).toEqual([
      {
        operation: 'GET /v2/pets/{petId:integer}/{format}',
        reason: 'A project holds at most 5 routes',
      },
      { operation: 'GET /v2/orders/{order_id}', reason: 'A project holds at most 5 routes' },
    ]);
  });

  it('updates the rules the spec says, whatever order the stored keys come in, and keeps those it does not', async () => {
    const plan = await planOf(QUOTES);
    const [quotes] = plan.routes as [PlannedRoute];
    const rules = quotes.rules as RouteRule[];
    // The database gives the keys back in its own order.
    const reordered = rules.map(({ response, conditions, combine, name }) => ({
      response,
      conditions: conditions.map(({ value, operator, name, source }) => ({
        value,
        operator,
        name,
        source,
      })),
      combine,
      name,
    }));
    expect(diffImport([stored(quotes, { rules: reordered })], plan).report.unchanged).toEqual([
      'POST /quotes',
    ]);
    const diff = diffImport([stored(quotes, { rules: rules.slice(1) })], plan);
    expect(diff.report.updated).toEqual(['POST /quotes']);
    expect(diff.update[0]?.planned.rules).toEqual(rules);
    // A plan that says nothing of rules leaves the route's own alone.
    const { rules: _none, ...silent } = quotes;
    const handMade = diffImport([stored(quotes, { rules: rules.slice(1) })], {
      ...plan,
      routes: [silent],
    });
    expect(handMade.report.unchanged).toEqual(['POST /quotes']);
  });

  it("does not call a route skipped for the project's room no longer in the spec", async () => {
    const document = await dereferenced(largeDocument(10));
    const first = planProjectImport(document);
    const existing = first.routes.map((planned) => stored(planned));
    const diff = diffImport(existing, planProjectImport(document, { maxRoutes: 8 }));
    expect(diff.report.notInSpec).toEqual([]);
    expect(diff.report.unchanged).toHaveLength(8);
  });
});
