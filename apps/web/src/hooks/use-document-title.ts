import { useEffect } from 'react';
import type { PageMeta } from '../config/pages.ts';

/** Sets document.title while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    // The shell's title is most often the page's already: the same text set again would still
    // replace the element's text and tell the browser.
    if (document.title !== title) document.title = title;
  }, [title]);
}

/**
 * A prerendered page's title and description, kept in <head> when the visitor comes to it by a
 * link (the build wrote them, with the canonical URL, into the page's own HTML).
 */
export function usePageMeta({ title, description }: PageMeta): void {
  useDocumentTitle(title);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
