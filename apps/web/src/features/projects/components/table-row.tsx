import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatInteger } from '../../../lib/format.ts';
import { countOf } from '../utils/routes.ts';

/*
 * The tables of a project's page (routes, collections, sessions): a line a row from lg up; below
 * lg each row is a card of wrapped flex items, so the page never scrolls sideways. Rows, cells
 * and the body say their roles explicitly: some browsers drop the table semantics of an element
 * whose display changes.
 */

/** A table cell's classes: padded from lg up, a bare flex item of its card below. */
const cellClasses = 'px-3 py-2 align-middle max-lg:p-0';

/** A row's classes: a line of the table from lg up, a card of wrapped items below. */
const rowClasses = cn(
  'border-b border-slate-200 dark:border-slate-800',
  'max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-2',
  'max-lg:rounded-lg max-lg:border max-lg:bg-white max-lg:p-3 max-lg:shadow-sm max-lg:dark:bg-slate-900',
);

/** The head row's classes (the head is for screen readers alone below lg). */
const headRowClasses =
  'border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400';

/** A row's action: its word beside the icon below lg, the icon alone from lg up. */
export const actionClasses = 'lg:w-8 lg:px-0';

/** A column of a card table: its heading, and whether it holds numbers (aligned right). */
export interface CardColumn {
  label: string;
  numeric?: boolean;
}

/**
 * A table whose rows become cards below lg: the caption (for screen readers), the head of
 * `columns` and a last column of actions, and the rows (`children`, each a `Row`).
 */
export function CardTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly CardColumn[];
  children: ReactNode;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-lg:sr-only">
        <tr className={headRowClasses}>
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={cn('px-3 py-2', column.numeric && 'text-right', 'font-medium')}
            >
              {column.label}
            </th>
          ))}
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      {/* biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see above) */}
      <tbody role="rowgroup" className="max-lg:flex max-lg:flex-col max-lg:gap-3">
        {children}
      </tbody>
    </table>
  );
}

/** A row of a card table: a line from lg up, a card below. */
export function Row({ className, ...props }: ComponentProps<'tr'>) {
  // biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see above)
  return <tr role="row" {...props} className={cn(rowClasses, className)} />;
}

/** A cell of a card table: padded from lg up, a bare item of its card below. */
export function Cell({ className, ...props }: ComponentProps<'td'>) {
  // biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see above)
  return <td role="cell" {...props} className={cn(cellClasses, className)} />;
}

/**
 * A cell of a count: `12 records` (with `suffix`) on a card, the bare number, grouped and
 * aligned right, in the table.
 */
export function CountCell({
  count,
  noun,
  suffix = '',
}: {
  count: number;
  /** What is counted, in the singular: 'record'. */
  noun: string;
  /** Words after the count on a card: ' changed'. */
  suffix?: string;
}) {
  return (
    <Cell className="tabular-nums lg:text-right">
      <span className="lg:hidden">
        {countOf(count, noun)}
        {suffix}
      </span>
      <span className="max-lg:hidden">{formatInteger(count)}</span>
    </Cell>
  );
}

/** The last cell of a row: its actions, a full line of the card below lg. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Cell className="max-lg:w-full">
      <div className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end">{children}</div>
    </Cell>
  );
}

/**
 * A row's action button: the icon, and the action's word (for screen readers alone from lg up).
 * Its accessible name says the action and what it acts on: 'Test collection users'.
 */
export function RowAction({
  action,
  target,
  icon,
  busy,
  ...props
}: Omit<ComponentProps<typeof Button>, 'children'> & {
  /** 'Edit', 'Test', 'Reset', 'Delete'. */
  action: string;
  /** What the action acts on, in words: 'GET /users', 'collection users', 'shared state'. */
  target: string;
  icon: ReactNode;
  /**
   * A call of its row runs: the button says so, and its handler ignores clicks. Not disabled,
   * which would drop the focus.
   */
  busy?: boolean;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`${action} ${target}`}
      title={action}
      className={actionClasses}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      {...props}
    >
      {icon}
      <span className="lg:sr-only">{action}</span>
    </Button>
  );
}
