import type { LoggedCallView } from '@mocksmith/core/inspector';
import type { ProjectDetail } from '@mocksmith/core/projects';
import { ChevronLeft, Pause, Play, Trash2 } from 'lucide-react';
import {
  type ComponentProps,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { generatePath, Link as RouterLink } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { mockOrigin, paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useClearRequests } from '../api/clear-requests.ts';
import { apiLogBase, projectLogBase } from '../api/get-requests.ts';
import { type LiveSourceFactory, openEventSource } from '../api/live-requests.ts';
import { useSetLogging } from '../api/set-logging.ts';
import { type LiveState, useInspectorCalls } from '../hooks/use-inspector-calls.ts';
import { inspectorTexts } from '../texts.ts';
import { type InspectorFilters as Filters, isFiltered, NO_FILTERS } from '../utils/filters.ts';
import type { InspectedRoute } from '../utils/prefill.ts';
import type { CallDialog as CallDialogType } from './call-dialog.tsx';
import { CallsTable } from './calls-table.tsx';
import { InspectorFilters } from './inspector-filters.tsx';

/** A call's dialog (its body viewer, curl, and routes and rules made of it), loaded when first opened. */
const CallDialog = lazyDialog<ComponentProps<typeof CallDialogType>>(
  () => import('./call-dialog.tsx').then((module) => module.CallDialog),
  (props) => props.call !== null,
);

/** How long typing in Path or Text waits before the list asks again. */
const TYPING_MS = 300;

/** A stand-alone API as its inspector shows it. */
export interface InspectedApi {
  id: string;
  name: string;
  /** Its public URL, which the empty log invites to call. */
  url: string;
}

/** A project's inspector (with its logging switch), or a stand-alone API's. */
type InspectorPageProps = {
  /** Opens the live feed (a test gives a fake). */
  openSource?: LiveSourceFactory;
} & (
  | {
      /** The project, its routes as the projects feature reads them. */
      project: Omit<ProjectDetail, 'routes'> & { routes: readonly InspectedRoute[] };
      /** Reloads the project once its logging changed. */
      onProjectChanged?: () => unknown;
      api?: undefined;
    }
  | { api: InspectedApi; project?: undefined; onProjectChanged?: undefined }
);

/**
 * The request inspector of a project or of a stand-alone API: its calls as they come (over
 * server-sent events), newest first, with Pause and Resume, Clear log, the filters, and each call
 * opened in a dialog; a project's also has its logging switch, and its calls make routes and
 * rules. An API's calls are logged with their whole path, so its curl starts at the mock origin.
 */
export function InspectorPage({
  project,
  api,
  openSource = openEventSource,
  onProjectChanged,
}: InspectorPageProps) {
  const subject = project
    ? {
        base: projectLogBase(project.id),
        name: project.name,
        back: generatePath(paths.dashboardProject, { projectId: project.id }),
        shownUrl: project.baseUrl,
        baseUrl: project.baseUrl,
        retention: inspectorTexts.retention,
        clearQuestion: inspectorTexts.clearQuestion,
      }
    : {
        base: apiLogBase(api.id),
        name: api.name,
        back: paths.dashboardApi,
        shownUrl: api.url,
        baseUrl: new URL(api.url, mockOrigin()).origin,
        retention: inspectorTexts.retentionApi,
        clearQuestion: inspectorTexts.clearQuestionApi,
      };
  const [typed, setTyped] = useState<Filters>(NO_FILTERS);
  const debounced = useDebouncedValue(typed, TYPING_MS);
  // A choice in a select applies at once; only typing waits.
  const { method, status } = typed;
  const { path, text, code } = debounced;
  const filters = useMemo<Filters>(
    () => ({ method, status, code, path, text }),
    [method, status, code, path, text],
  );
  const inspector = useInspectorCalls({ base: subject.base, filters, openSource });
  const [opened, setOpened] = useState<LoggedCallView | null>(null);
  const [clearing, setClearing] = useState(false);
  // An API's calls are always logged: it has no switch.
  const projectLogging = project?.settings.logging ?? true;
  const [logging, setLogging] = useState(projectLogging);
  // The project reloaded (its settings changed here or elsewhere): the switch follows.
  useEffect(() => setLogging(projectLogging), [projectLogging]);
  const clear = useClearRequests();
  const switchLogging = useSetLogging({ onChanged: onProjectChanged });

  function handleClear() {
    clear.mutate(subject.base, {
      onSuccess: () => {
        inspector.forget();
        setClearing(false);
        toast.success(inspectorTexts.cleared);
      },
      onError: (error) =>
        toast.error(inspectorTexts.clearFailed, {
          description: toUserMessage(error, inspectorTexts.clearFailed),
        }),
    });
  }

  function handleLogging(next: boolean) {
    if (!project || switchLogging.isPending) return;
    setLogging(next);
    switchLogging.mutate(
      { projectId: project.id, settings: project.settings, logging: next },
      {
        onSuccess: (saved) => {
          setLogging(saved.settings.logging);
          toast.success(
            saved.settings.logging
              ? inspectorTexts.loggingTurnedOn
              : inspectorTexts.loggingTurnedOff,
          );
        },
        onError: (error) => {
          setLogging(!next);
          toast.error(inspectorTexts.loggingFailed, {
            description: toUserMessage(error, inspectorTexts.loggingFailed),
          });
        },
      },
    );
  }

  const { list, calls } = inspector;
  // The rows render in the background, in slices, rather than in the task the answer came in;
  // until the first of them are there, the list is still loading.
  const shownCalls = useDeferredValue(calls);
  const loading = list.isPending || (shownCalls.length === 0 && calls.length > 0);
  return (
    <div className={inspectorPageClasses}>
      <InspectorHeading
        back={subject.back}
        name={subject.name}
        retention={subject.retention}
        state={inspector.paused ? 'paused' : inspector.state}
        onPause={inspector.pause}
        onResume={inspector.resume}
        onClear={() => setClearing(true)}
      >
        {project ? (
          <Switch
            checked={logging}
            onChange={handleLogging}
            label={inspectorTexts.logging}
            description={logging ? inspectorTexts.loggingOn : inspectorTexts.loggingOff}
          />
        ) : null}
      </InspectorHeading>

      <InspectorFilters filters={typed} onChange={setTyped} />

      <section aria-labelledby="calls-title" className="flex min-w-0 flex-col gap-3">
        <h2 id="calls-title" className="sr-only">
          Calls
        </h2>
        {inspector.paused && inspector.held > 0 ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
            {inspectorTexts.held(inspector.held)}
          </p>
        ) : null}
        {inspector.skipped > 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {inspectorTexts.skipped(inspector.skipped)}
          </p>
        ) : null}
        {inspector.dropped > 0 ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
            {inspectorTexts.dropped(inspector.dropped)}
          </p>
        ) : null}
        {inspector.state === 'reconnecting' && !inspector.paused ? (
          <p className="text-sm text-amber-800 dark:text-amber-300">
            {inspectorTexts.reconnecting}
          </p>
        ) : null}
        {loading ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{inspectorTexts.loading}</p>
        ) : list.isError && calls.length === 0 ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {inspectorTexts.loadFailed(toUserMessage(list.error, list.error.message))}
          </p>
        ) : calls.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 [overflow-wrap:anywhere] dark:border-slate-700 dark:text-slate-300">
            {isFiltered(filters)
              ? inspectorTexts.noMatch
              : logging
                ? inspectorTexts.empty(subject.shownUrl)
                : inspectorTexts.emptyLoggingOff}
          </p>
        ) : (
          <CallsTable calls={shownCalls} busy={list.isFetching} onOpen={setOpened} />
        )}
        {inspector.hasOlder ? (
          <Button
            variant="secondary"
            size="sm"
            className="w-fit"
            onClick={inspector.showOlder}
            aria-disabled={list.isFetching || undefined}
          >
            {inspectorTexts.showMore}
          </Button>
        ) : null}
      </section>

      <div role="status" aria-live="polite" className="sr-only">
        {inspector.announcement}
      </div>

      <CallDialog
        call={opened}
        project={project}
        baseUrl={subject.baseUrl}
        onClose={() => setOpened(null)}
      />
      <ConfirmDialog
        open={clearing}
        title={subject.clearQuestion}
        description={inspectorTexts.clearLine(subject.name)}
        confirmLabel="Clear log"
        busyLabel="Clearing..."
        busy={clear.isPending}
        onConfirm={handleClear}
        onClose={() => setClearing(false)}
      />
    </div>
  );
}

const LIVE_LABELS: Record<LiveState | 'paused', string> = {
  open: inspectorTexts.live,
  connecting: inspectorTexts.connecting,
  reconnecting: inspectorTexts.connecting,
  paused: inspectorTexts.paused,
};

/**
 * Live, Paused, or Connecting...: a dot and the word. The word's place is as wide as the widest
 * (Connecting..., drawn hidden beneath it), so that on a phone the header's buttons do not wrap
 * anew when the connection opens and move the filters and the list below them.
 */
/** The frame of an inspector's page, loaded or not (and of its shell's heading). */
export const inspectorPageClasses = 'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8';

/**
 * The head of an inspector: the way back to its project or API (by its name), the title with
 * the live feed's state, Pause or Resume and Clear log, what is kept, and `children` under it
 * (a project's logging switch). Without its handlers (before the project is loaded, and in the
 * shell the server names) the buttons are there, disabled, where they will be.
 */
export function InspectorHeading({
  back,
  name,
  retention,
  state,
  onPause,
  onResume,
  onClear,
  children,
}: {
  back: string;
  name: string;
  retention: string;
  state: LiveState | 'paused';
  onPause?: () => void;
  onResume?: () => void;
  onClear?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <RouterLink
        to={back}
        className={`${textLinkClasses} inline-flex w-fit items-center gap-1 text-sm [overflow-wrap:anywhere]`}
      >
        <ChevronLeft className="size-4 shrink-0" aria-hidden="true" />
        {name}
      </RouterLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{inspectorTexts.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <LiveBadge state={state} />
          {state === 'paused' ? (
            <Button variant="secondary" size="sm" onClick={onResume} disabled={!onResume}>
              <Play className="size-4" aria-hidden="true" />
              Resume
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={onPause} disabled={!onPause}>
              <Pause className="size-4" aria-hidden="true" />
              Pause
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={onClear} disabled={!onClear}>
            <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
            Clear log
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{retention}</p>
      {children}
    </div>
  );
}

function LiveBadge({ state }: { state: LiveState | 'paused' }) {
  return (
    <span
      data-testid="live-state"
      className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-3 py-1 text-sm font-medium dark:border-slate-700"
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          state === 'open' && 'bg-emerald-500 motion-safe:animate-pulse',
          state === 'paused' && 'bg-amber-500',
          (state === 'connecting' || state === 'reconnecting') && 'bg-slate-400',
        )}
      />
      <span
        data-widest={inspectorTexts.connecting}
        className="inline-grid after:invisible after:[grid-area:1/1] after:content-[attr(data-widest)]"
      >
        <span className="[grid-area:1/1]">{LIVE_LABELS[state]}</span>
      </span>
    </span>
  );
}
