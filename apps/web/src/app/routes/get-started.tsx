import { publicPages } from '../../config/pages.ts';
import { DocsPage } from '../../features/docs/components/docs-page.tsx';
import { usePageMeta } from '../../hooks/use-document-title.ts';

/** The public documentation, in the public header and footer. */
export default function GetStartedRoute() {
  usePageMeta(publicPages.getStarted);
  return (
    <DocsPage
      intro={
        <p>
          Mocksmith turns a JSON template into a live mock REST API: every call to its URL answers
          freshly generated, realistic data of the template’s shape. Free, with or without an
          account.
        </p>
      }
    />
  );
}
