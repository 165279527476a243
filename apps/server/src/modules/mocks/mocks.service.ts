import type { TemplatesRepository } from '../templates/templates.repository.ts';
import { createMockCache, type MockCache, toMockApi } from './mock-cache.ts';

/**
 * The cache of the public endpoints, filled from the templates table; answers are bounded by
 * `maxResponseBytes` (MOCK_MAX_RESPONSE_BYTES).
 */
export function createMocksCache(
  repository: TemplatesRepository,
  maxResponseBytes?: number,
): MockCache {
  return createMockCache(async (requestId) => {
    const row = await repository.findByRequestId(requestId);
    return row ? toMockApi(row, maxResponseBytes) : null;
  });
}
