import { createContext, type ReactNode, useContext } from 'react';
import { Link as RouterLink } from 'react-router';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { type DocsAnchor, docsSections } from '../../../config/docs-sections.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * Where a link to a section goes. Absent, the documentation is one page and a section is a hash
 * link on it; present (the dashboard's copy), each section is a page of its own at this path.
 */
export const SectionPathContext = createContext<((anchor: DocsAnchor) => string) | undefined>(
  undefined,
);

function isSectionAnchor(anchor: string): anchor is DocsAnchor {
  return docsSections.some((section) => section.anchor === anchor);
}

/**
 * One section of the documentation: its anchor (the id the menus and the landing page link to),
 * its h2 (the title the menus show) and its content.
 */
export function DocSection({
  anchor,
  children,
  className,
}: {
  anchor: DocsAnchor;
  children: ReactNode;
  className?: string;
}) {
  const title = docsSections.find((section) => section.anchor === anchor)?.title ?? anchor;
  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      // The phone header is two rows high; html's scroll-padding covers the one-row header.
      // Below the desktop width a section away from the screen is not laid out or painted until
      // it comes near (the guide's first layout took a phone longer than all its scripts). Until
      // then it counts as 300rem high, more than any section is on a 320 px screen, so that
      // nothing is placed over a section not laid out yet; a section laid out keeps its height.
      className={cn(
        'scroll-mt-12 border-t border-slate-200 pt-10 sm:scroll-mt-4 dark:border-slate-800',
        'max-lg:[contain-intrinsic-size:auto_300rem] max-lg:[content-visibility:auto]',
        className,
      )}
    >
      <h2 id={`${anchor}-title`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700 leading-7 dark:text-slate-300">{children}</div>
    </section>
  );
}

/**
 * A link to a section of the documentation, or to another anchor in the section it is in: a
 * plain hash link on the one-page documentation, a route link where each section has its own.
 */
export function SectionLink({ anchor, children }: { anchor: string; children: ReactNode }) {
  const sectionPath = useContext(SectionPathContext);
  if (sectionPath && isSectionAnchor(anchor)) {
    return (
      <RouterLink to={sectionPath(anchor)} className={textLinkClasses}>
        {children}
      </RouterLink>
    );
  }
  return (
    <a href={`#${anchor}`} className={textLinkClasses}>
      {children}
    </a>
  );
}

/** A subsection heading inside a section. */
export function SubHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h3 id={id} className="pt-4 text-lg font-semibold text-slate-900 dark:text-slate-100">
      {children}
    </h3>
  );
}

/** Inline code: type names, parameters, short URLs. Long words wrap rather than widen the page. */
export function Code({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <code
      className={cn(
        'rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.875em] text-slate-900 [overflow-wrap:anywhere] dark:bg-slate-800 dark:text-slate-100',
        className,
      )}
    >
      {children}
    </code>
  );
}

/** A bulleted list with the documentation's spacing. */
export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-slate-400">{children}</ul>;
}

/**
 * A table that wraps its text to fit a phone. `caption` names it for assistive technology; it
 * is shown when `showCaption` is set.
 */
export function DocTable({
  caption,
  head,
  rows,
  showCaption = false,
}: {
  caption: string;
  head: readonly ReactNode[];
  rows: readonly (readonly ReactNode[])[];
  showCaption?: boolean;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full border-collapse text-left text-sm">
        <caption
          className={cn(
            showCaption
              ? 'bg-slate-50 px-3 py-2 text-left font-medium text-slate-900 dark:bg-slate-900 dark:text-slate-100'
              : 'sr-only',
          )}
        >
          {caption}
        </caption>
        <thead className="bg-slate-100 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
          <tr>
            {head.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <th key={index} scope="col" className="px-3 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed table
            <tr key={rowIndex} className="align-top">
              {row.map((cell, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <th key={index} scope="row" className="px-3 py-2 font-normal">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={index} className="px-3 py-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
