import { describeProfile } from '@mocksmith/core/network';
import { defaultResponseOf, describeRule, type RouteRule } from '@mocksmith/core/projects';
import { Database, FlaskConical, Gauge, Lock, LogOut, Pencil, Trash2 } from 'lucide-react';
import { generatePath, Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import type { ProjectRoute } from '../types.ts';
import { countOf, routeLabel, sortRoutes } from '../utils/routes.ts';
import {
  ActionsCell,
  actionClasses,
  CardTable,
  Cell,
  CountCell,
  Row,
  RowAction,
} from './table-row.tsx';

/** What the table can open for one route. */
export interface RouteActions {
  test: (route: ProjectRoute) => void;
  /** Opens the New collection dialog filled from the route. */
  makeCollection: (route: ProjectRoute) => void;
  moveOut: (route: ProjectRoute) => void;
  remove: (route: ProjectRoute) => void;
}

/** The route editor of one route of a project. */
export function routeEditorPath(projectId: string, routeId?: string): string {
  return routeId === undefined
    ? generatePath(paths.dashboardProjectNewRoute, { projectId })
    : generatePath(paths.dashboardProjectRoute, { projectId, routeId });
}

/** A status code coloured by its class: success, a client's error, a server's error. */
function StatusCode({ status }: { status: number }) {
  return (
    <span
      className={cn(
        'rounded px-1.5 py-0.5 font-mono text-xs font-semibold',
        status < 300
          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
          : status < 500
            ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300'
            : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
      )}
    >
      {status}
    </span>
  );
}

/**
 * A route's name, its rules (how many, each in words when opened) and its own network profile,
 * when it has them.
 */
function RouteNotes({ route }: { route: ProjectRoute }) {
  if (route.rules.length === 0 && route.network === null) return <>{route.name}</>;
  return (
    <div className="flex flex-col items-start gap-1">
      {route.name === '' ? null : <span>{route.name}</span>}
      {route.rules.length > 0 ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
            {countOf(route.rules.length, 'rule')}
          </summary>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5 font-mono">
            {route.rules.map((rule, index) => (
              // Rules have no id; their place is what they are known by (X-Mock-Rule).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                {rule.name ? `${rule.name}: ` : ''}
                {describeRule(rule as RouteRule)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {route.network ? (
        <span className="inline-flex items-center gap-1 rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900 dark:bg-sky-950 dark:text-sky-200">
          <Gauge className="size-3.5 shrink-0" aria-hidden="true" />
          Network: {describeProfile(route.network)}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A project's routes, sorted by path: the method, the path, the default response's status (and
 * how many responses there are), the name (with the rules and the own network profile), the calls
 * it answered, with Edit, Test, Make collection, Move out and Delete.
 * Below the lg breakpoint each row becomes a card of stacked lines: the page never scrolls
 * sideways. The explicit roles keep it a table to assistive technology whatever its display.
 */
export function RouteTable({
  projectId,
  routes,
  actions,
}: {
  projectId: string;
  routes: readonly ProjectRoute[];
  actions: RouteActions;
}) {
  return (
    <CardTable
      caption="Routes"
      columns={[
        { label: 'Method' },
        { label: 'Path' },
        { label: 'Status' },
        { label: 'Name' },
        { label: 'Answered calls', numeric: true },
      ]}
    >
      {sortRoutes(routes).map((route) => {
        const label = routeLabel(route);
        const status = defaultResponseOf(route)?.status;
        return (
          <Row key={route.id} aria-label={label}>
            <Cell>
              <MethodBadge method={route.method} />
            </Cell>
            <Cell className="font-mono break-all max-lg:min-w-0 max-lg:grow max-lg:basis-[calc(100%-6rem)]">
              <span className="inline-flex items-center gap-1.5">
                {route.path}
                {route.authToken ? (
                  <Lock
                    className="size-3.5 shrink-0 text-slate-500"
                    aria-label="Requires a bearer token"
                  />
                ) : null}
              </span>
            </Cell>
            <Cell>
              <span className="inline-flex flex-wrap items-center gap-1.5">
                <span className="lg:hidden">Status</span>
                {status === undefined ? '—' : <StatusCode status={status} />}
                {route.responses.length > 1 ? (
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    of {countOf(route.responses.length, 'response')}
                  </span>
                ) : null}
              </span>
            </Cell>
            <Cell
              className={cn(
                'text-slate-700 [overflow-wrap:anywhere] max-lg:w-full dark:text-slate-300',
                route.name === '' &&
                  route.rules.length === 0 &&
                  route.network === null &&
                  'max-lg:hidden',
              )}
            >
              <RouteNotes route={route} />
            </Cell>
            <CountCell count={route.callCount} noun="answered call" />
            {/* Icons alone in the table, where five labelled buttons took three lines. */}
            <ActionsCell>
              <RouterLink
                to={routeEditorPath(projectId, route.id)}
                aria-label={`Edit ${label}`}
                title="Edit"
                className={cn(buttonClasses('secondary', 'sm'), actionClasses)}
              >
                <Pencil className="size-4" aria-hidden="true" />
                <span className="lg:sr-only">Edit</span>
              </RouterLink>
              <RowAction
                action="Test"
                target={label}
                icon={<FlaskConical className="size-4" aria-hidden="true" />}
                onClick={() => actions.test(route)}
              />
              <RowAction
                action="Make collection"
                target={label}
                icon={<Database className="size-4" aria-hidden="true" />}
                onClick={() => actions.makeCollection(route)}
              />
              <RowAction
                action="Move out"
                target={label}
                icon={<LogOut className="size-4" aria-hidden="true" />}
                onClick={() => actions.moveOut(route)}
              />
              <RowAction
                action="Delete"
                target={label}
                icon={
                  <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
                }
                onClick={() => actions.remove(route)}
              />
            </ActionsCell>
          </Row>
        );
      })}
    </CardTable>
  );
}
