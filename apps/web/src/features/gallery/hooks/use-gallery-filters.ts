import { TEMPLATE_CATEGORIES } from '@mocksmith/core/texts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { GalleryFilters } from '../api/get-gallery.ts';
import { toSort } from '../utils/card.ts';

function toCategory(value: string | null): string {
  return TEMPLATE_CATEGORIES.some((category) => category.value === value) ? (value ?? '') : '';
}

/**
 * The gallery's category, sort and search, kept in the URL's query (`?category=auth&sort=official
 * &search=shop`) so that a link opens that view; a default value is left out of the URL.
 */
export function useGalleryFilters(): [GalleryFilters, (next: Partial<GalleryFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const category = toCategory(params.get('category'));
  const sort = toSort(params.get('sort'));
  const search = params.get('search') ?? '';
  const filters = useMemo(() => ({ category, sort, search }), [category, sort, search]);

  const setFilters = useCallback(
    (next: Partial<GalleryFilters>) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            const isDefault = value === '' || (key === 'sort' && value === 'popular');
            if (isDefault) updated.delete(key);
            else updated.set(key, value);
          }
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [filters, setFilters];
}
