import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { analyticsTexts } from '../texts.ts';

/**
 * One chart of the analytics with its title and a "Show as table" switch: the chart, or a table
 * of the same numbers. `forceTable` shows the table alone (a chart the browser cannot draw).
 */
export function ChartCard({
  title,
  chart,
  table,
  note,
  forceTable = false,
}: {
  title: string;
  chart: ReactNode;
  table: ReactNode;
  note?: ReactNode;
  forceTable?: boolean;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const showTable = asTable || forceTable;
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
        {!forceTable && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
          >
            {asTable ? analyticsTexts.showChart : analyticsTexts.showTable}
          </Button>
        )}
      </div>
      {showTable ? table : chart}
      {note && <p className="text-xs text-slate-600 dark:text-slate-400">{note}</p>}
    </section>
  );
}

/**
 * A table of a chart's numbers: a caption, column heads, and rows of cells (the first a row head),
 * in a box that scrolls past 24 rem and takes the focus, so that a keyboard scrolls it too.
 */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}) {
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a long table
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-md border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`px-3 py-2 font-medium whitespace-nowrap ${index > 0 ? 'text-right' : ''}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])} className="border-t border-slate-200 dark:border-slate-700">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={columns[index]}
                    scope="row"
                    className="px-3 py-1.5 font-normal [overflow-wrap:anywhere]"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={columns[index]} className="px-3 py-1.5 text-right tabular-nums">
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
