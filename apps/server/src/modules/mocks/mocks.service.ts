import type { TemplatesRepository } from '../templates/templates.repository.ts';
import { createMockCache, type MockCache, toMockApi } from './mock-cache.ts';

/** The cache of the public endpoints, filled from the templates table. */
export function createMocksCache(repository: TemplatesRepository): MockCache {
  return createMockCache(async (requestId) => {
    const row = await repository.findByRequestId(requestId);
    return row ? toMockApi(row) : null;
  });
}
