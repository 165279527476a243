import type { ComponentProps } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * A row and a cell with their roles said explicitly: below lg the collections' and sessions'
 * tables show each row as a card of flex boxes (as the routes' table does), and some browsers
 * drop the table semantics of an element whose display changes.
 */
export function Row(props: ComponentProps<'tr'>) {
  // biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see above)
  return <tr role="row" {...props} />;
}

export function Cell(props: ComponentProps<'td'>) {
  // biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see above)
  return <td role="cell" {...props} />;
}

/** A table cell's classes: padded from lg up, a bare flex item of its card below. */
export const cellClasses = 'px-3 py-2 align-middle max-lg:p-0';

/** A row's classes: a line of the table from lg up, a card of wrapped items below. */
export const rowClasses = cn(
  'border-b border-slate-200 dark:border-slate-800',
  'max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-2',
  'max-lg:rounded-lg max-lg:border max-lg:bg-white max-lg:p-3 max-lg:shadow-sm max-lg:dark:bg-slate-900',
);

/** The head row's classes (the head is for screen readers alone below lg). */
export const headRowClasses =
  'border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400';

/** A row's action: its word beside the icon below lg, the icon alone from lg up. */
export const actionClasses = 'lg:w-8 lg:px-0';
