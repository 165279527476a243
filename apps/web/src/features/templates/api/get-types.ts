import type { DataTypeInfo } from '@mocksmith/core/types-info';
import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /backend/types`: the whole data-type catalogue, for the picker and autocompletion. */
export const typesQueryOptions = () =>
  queryOptions({
    queryKey: ['types'],
    queryFn: () => apiGet<DataTypeInfo[]>(`${apiPaths.backend}/types`),
    staleTime: Number.POSITIVE_INFINITY,
  });
