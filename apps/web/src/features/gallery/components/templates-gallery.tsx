import type { GalleryTemplate } from '@mocksmith/core/gallery';
import { galleryMessages } from '@mocksmith/core/texts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useOnVisible } from '../../../hooks/use-on-visible.ts';
import { toast } from '../../../lib/toast.ts';
import { useGallery } from '../api/get-gallery.ts';
import { useGalleryFilters } from '../hooks/use-gallery-filters.ts';
import { galleryTexts } from '../texts.ts';
import { GalleryCard } from './gallery-card.tsx';
import { GalleryFilters } from './gallery-filters.tsx';
import { PreviewDialog } from './preview-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';

/** How long the search waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The Templates Gallery: filters kept in the URL, a grid of cards, more cards on scroll (or on
 * 'Load more'), and the Preview and Report dialogs. `onUsed` runs after a template is copied.
 */
export function TemplatesGallery({ onUsed }: { onUsed?: () => unknown }) {
  const [filters, setFilters] = useGalleryFilters();
  const [search, setSearch] = useState(filters.search);
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const gallery = useGallery(filters);
  const [previewed, setPreviewed] = useState<GalleryTemplate | null>(null);
  const [reported, setReported] = useState<GalleryTemplate | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (settledSearch.trim() !== filters.search.trim()) setFilters({ search: settledSearch });
  }, [settledSearch, filters.search, setFilters]);

  useEffect(() => {
    if (gallery.isError) toast.error(galleryMessages.loadFailed, { id: 'gallery-load' });
  }, [gallery.isError]);

  function handleLoadMore() {
    if (gallery.hasNextPage && !gallery.isFetchingNextPage) void gallery.fetchNextPage();
  }
  useOnVisible(sentinel, handleLoadMore, gallery.hasNextPage && !gallery.isError);

  const templates = gallery.data?.pages.flatMap((page) => page.templates) ?? [];

  return (
    <div className="space-y-6">
      <GalleryFilters
        search={search}
        filters={filters}
        onSearchChange={setSearch}
        onChange={setFilters}
      />
      {gallery.isPending ? (
        <p role="status" className="text-slate-600 dark:text-slate-300">
          Loading templates...
        </p>
      ) : gallery.isError && templates.length === 0 ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {galleryMessages.loadFailed}
        </p>
      ) : templates.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {galleryMessages.empty}
        </p>
      ) : (
        <>
          <ul
            aria-label="Templates"
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {templates.map((template) => (
              <li key={template.id} className="flex min-w-0">
                <GalleryCard
                  template={template}
                  onPreview={setPreviewed}
                  onReport={setReported}
                  onUsed={onUsed}
                />
              </li>
            ))}
          </ul>
          {gallery.hasNextPage ? (
            <div ref={sentinel} className="flex justify-center">
              <Button
                variant="secondary"
                onClick={handleLoadMore}
                disabled={gallery.isFetchingNextPage}
              >
                {gallery.isFetchingNextPage ? galleryTexts.loadingMore : galleryTexts.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <PreviewDialog template={previewed} onClose={() => setPreviewed(null)} />
      <ReportDialog template={reported} onClose={() => setReported(null)} />
    </div>
  );
}
