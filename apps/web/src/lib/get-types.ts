import type { DataTypeInfo } from '@mocksmith/core/types-info';
import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../config/paths.ts';
import { apiGet } from './api-client.ts';

/**
 * `GET /backend/types`: the whole data-type catalogue, for the pickers, the editor's completion
 * and the documentation's catalogue (one query, one cache entry).
 */
export const typesQueryOptions = () =>
  queryOptions({
    queryKey: ['types'],
    queryFn: () => apiGet<DataTypeInfo[]>(`${apiPaths.backend}/types`),
    staleTime: Number.POSITIVE_INFINITY,
  });
