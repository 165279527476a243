import { describe, expect, it } from 'vitest';
import { checkResponse } from '../openapi/check-response.ts';
import { dereferenced, largeDocument, planOf } from './fixtures/import-documents.ts';
import shop from './fixtures/shop-3.0.json';
import { planProjectImport } from './openapi-import.ts';

describe('planProjectImport: what each operation answers (drift)', () => {
  it('keeps each operation’s response contract at its method and route path', async () => {
    const plan = await planOf(shop);
    const found = plan.responses?.find(
      (r) => r.method === 'GET' && r.path === '/v2/pets/{petId:integer}',
    );
    expect(found).toBeDefined();
    const words = (status: number, body: unknown) =>
      found ? checkResponse(found.contract, status, body).map((v) => v.text) : [];
    expect(words(200, { id: 7, name: 'Rex', status: 'sold' })).toEqual([]);
    expect(words(200, { id: '7', name: 'Rex', status: 'lost' })).toEqual([
      'body.id: must be an integer, got "7"',
      'body.status: must be one of "available", "sold", got "lost"',
    ]);
    expect(words(404, { code: 404 })).toEqual(['body.message: is required']);
  });

  it('keeps the operations a project has no room for: a forwarded call may reach them', async () => {
    const plan = planProjectImport(await dereferenced(largeDocument(10)), { maxRoutes: 8 });
    expect(plan.routes.length).toBe(8);
    expect(plan.responses?.length).toBeGreaterThan(8);
  });
});
