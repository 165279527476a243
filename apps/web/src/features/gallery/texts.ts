/** The gallery screen's texts beyond core's `galleryMessages` (which holds the spec's). */
export const galleryTexts = {
  /** A Use Template call that got no answer (no status to name). */
  useUnreachable: 'Failed to use template: the server could not be reached',
  using: 'Using...',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  chooseReason: 'Please choose a reason',
} as const;
