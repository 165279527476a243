import type { GalleryPage } from '@mocksmith/core/gallery';
import { GALLERY_PAGE_SIZE, type GallerySort } from '@mocksmith/core/texts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** What the gallery shows: a category ('' for all), a sort and a search text. */
export interface GalleryFilters {
  category: string;
  sort: GallerySort;
  search: string;
}

/** The query string of one page: only the filters that are set, the page size and the cursor. */
export function galleryQueryString(filters: GalleryFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  params.set('sort', filters.sort);
  const search = filters.search.trim();
  if (search) params.set('search', search);
  params.set('limit', String(GALLERY_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** `GET /backend/templates-gallery`: one page of shared templates and the next page's cursor. */
export function getGalleryPage(
  filters: GalleryFilters,
  cursor?: string | null,
): Promise<GalleryPage> {
  return apiGet<GalleryPage>(
    `${apiPaths.backend}/templates-gallery?${galleryQueryString(filters, cursor)}`,
    { auth: true },
  );
}

/** The gallery's pages for `filters`, cached under `['gallery', filters]`. */
export const galleryQueryOptions = (filters: GalleryFilters) =>
  infiniteQueryOptions({
    queryKey: ['gallery', filters],
    queryFn: ({ pageParam }) => getGalleryPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: GalleryPage) => last.nextCursor ?? undefined,
  });

/** The gallery, page after page. */
export function useGallery(filters: GalleryFilters) {
  return useInfiniteQuery(galleryQueryOptions(filters));
}
