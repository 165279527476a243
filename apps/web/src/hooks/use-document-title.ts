import { useEffect } from 'react';

export const APP_NAME = 'Mocksmith';

/** "Page — Mocksmith", the form of every page title but the landing page's. */
export function pageTitle(page: string): string {
  return `${page} — ${APP_NAME}`;
}

/** Sets document.title while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
