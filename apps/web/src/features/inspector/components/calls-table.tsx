import type { LoggedCallView } from '@mocksmith/core/inspector';
import type { ComponentProps } from 'react';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  callLabel,
  callMoment,
  callTime,
  latencyText,
  pathWithQuery,
  responseText,
} from '../utils/format.ts';
import { DriftMark, ViolationsMark } from './call-violations.tsx';
import { StatusBadge } from './status-badge.tsx';

// Rows and cells keep their roles said explicitly: below lg a row shows as a card of flex boxes,
// and some browsers drop the table semantics of an element whose display changes.
function Row(props: ComponentProps<'tr'>) {
  // biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see above)
  return <tr role="row" {...props} />;
}

function Cell(props: ComponentProps<'td'>) {
  // biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see above)
  return <td role="cell" {...props} />;
}

const cellClasses = 'px-3 py-2 align-middle max-lg:p-0';
const rowClasses = cn(
  'border-b border-slate-200 dark:border-slate-800',
  'max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-1',
  'max-lg:rounded-lg max-lg:border max-lg:bg-white max-lg:p-3 max-lg:shadow-sm max-lg:dark:bg-slate-900',
);
const headClasses = 'px-3 py-2 font-medium';
const mutedClasses = 'text-slate-600 dark:text-slate-400';

/**
 * The calls, newest first: time, method, path and query (the button that opens the call),
 * status, response and rule, latency with the injected delay apart, session and client. Below
 * lg each call is a card.
 */
export function CallsTable({
  calls,
  busy,
  onOpen,
}: {
  calls: readonly LoggedCallView[];
  busy: boolean;
  onOpen: (call: LoggedCallView) => void;
}) {
  return (
    <table className="w-full text-left text-sm" aria-busy={busy || undefined}>
      <caption className="sr-only">Calls, newest first</caption>
      <thead className="max-lg:sr-only">
        <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400">
          <th scope="col" className={headClasses}>
            Time
          </th>
          <th scope="col" className={headClasses}>
            Method
          </th>
          <th scope="col" className={headClasses}>
            Path
          </th>
          <th scope="col" className={headClasses}>
            Status
          </th>
          <th scope="col" className={headClasses}>
            Response
          </th>
          <th scope="col" className={headClasses}>
            Latency
          </th>
          <th scope="col" className={headClasses}>
            Session
          </th>
          <th scope="col" className={headClasses}>
            Client
          </th>
        </tr>
      </thead>
      {/* biome-ignore lint/a11y/noRedundantRoles: kept when the display changes (see Row) */}
      <tbody role="rowgroup" className="max-lg:flex max-lg:flex-col max-lg:gap-2">
        {calls.map((call) => (
          <Row key={call.id} className={rowClasses}>
            <Cell className={cn(cellClasses, 'font-mono text-xs whitespace-nowrap', mutedClasses)}>
              <time dateTime={call.at} title={callMoment(call.at)}>
                {callTime(call.at)}
              </time>
            </Cell>
            <Cell className={cellClasses}>
              <MethodBadge method={call.method} />
            </Cell>
            <Cell className={cn(cellClasses, 'min-w-0 max-lg:w-full max-lg:order-first')}>
              <button
                type="button"
                onClick={() => onOpen(call)}
                aria-label={`Open ${callLabel(call)} at ${callTime(call.at)}`}
                className="rounded text-left font-mono text-sm break-all text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
              >
                {pathWithQuery(call)}
              </button>
            </Cell>
            <Cell className={cellClasses}>
              <StatusBadge call={call} />
              <ViolationsMark violations={call.violations} />
              <DriftMark drift={call.drift} />
            </Cell>
            <Cell
              className={cn(
                cellClasses,
                '[overflow-wrap:anywhere]',
                responseText(call) === '' && 'max-lg:hidden',
              )}
            >
              {responseText(call) || <span className={mutedClasses}>none</span>}
            </Cell>
            <Cell className={cn(cellClasses, 'whitespace-nowrap')}>{latencyText(call)}</Cell>
            <Cell
              className={cn(
                cellClasses,
                '[overflow-wrap:anywhere]',
                call.session === null && 'max-lg:hidden',
              )}
            >
              <Prefix>Session</Prefix>
              {call.session ?? <span className={mutedClasses}>none</span>}
            </Cell>
            <Cell className={cn(cellClasses, 'font-mono text-xs whitespace-nowrap', mutedClasses)}>
              <Prefix>Client</Prefix>
              {call.client}
            </Cell>
          </Row>
        ))}
      </tbody>
    </table>
  );
}

/** A cell's name before its value on a card (below lg); the column's header says it to readers. */
function Prefix({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="font-sans lg:hidden">
      {children}:{' '}
    </span>
  );
}
