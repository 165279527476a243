import type { ExportableApi } from '../types.ts';

/**
 * The APIs whose name, method, request id or custom endpoint contains the search, ignoring case
 * (spec section 5); all of them for a blank search.
 */
export function searchExportableApis<T extends ExportableApi>(
  apis: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...apis];
  return apis.filter((api) =>
    [api.name, api.method, api.requestId, api.customEndpoint ?? ''].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}
