import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { APP_NAME, type PageMeta, type PageTitle } from '../config/pages.ts';

/**
 * Sets document.title while the calling page is shown, in the commit that shows it: a passive
 * effect ran a frame later, after the browser had painted the page under the shell's title (the
 * signed-in pages' shells carry the site's), and a reader of the page could see the old one.
 */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    // The shell's title is most often the page's already: the same text set again would still
    // replace the element's text and tell the browser.
    if (document.title !== title) document.title = title;
  }, [title]);
}

/**
 * Sets the title that the matched route gives its page (its handle's, app/route-tree.tsx), the one
 * its shell carries, naming `name` (a project's, an API's) where it takes one.
 */
export function useRouteTitle(name?: string): void {
  const handle = useMatches().at(-1)?.handle as { title?: PageTitle } | undefined;
  useDocumentTitle(handle?.title?.(name) ?? APP_NAME);
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
