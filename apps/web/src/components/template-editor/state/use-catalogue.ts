import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { typesQueryOptions } from '../../../lib/get-types.ts';

/** The data-type catalogue (loaded once) and the set of its names, for hints. */
export function useCatalogue() {
  const { data: types } = useQuery(typesQueryOptions());
  const names = useMemo(() => new Set(types?.map((type) => type.name) ?? []), [types]);
  return { types, names };
}
