import { getSampleApi, type SampleBody, type SampleCode } from '@mocksmith/core/samples';
import { LoaderCircle, RefreshCw, Timer, TriangleAlert } from 'lucide-react';
import { memo, type ReactNode, useDeferredValue, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { useNearScreen } from '../../../hooks/use-near-screen.ts';
import { cn } from '../../../lib/cn.ts';
import { samplePath, useSample } from '../api/get-sample.ts';
import { type WidgetView, widgetView } from '../utils/widget-view.ts';
import { HowTo } from './how-to.tsx';

export interface ShowcaseWidgetProps<C extends SampleCode> {
  code: C;
  /** What the widget shows, capitalised: 'Weather', 'Social media'. */
  name: string;
  /** The name of its data in texts: 'weather', 'social media'. */
  dataName: string;
  description: string;
  /** Shown, under `warning`, when the sample API cannot be reached. */
  demo: SampleBody<C>;
  warning: string;
  /** The preview of a body, live or demonstration. */
  children: (body: SampleBody<C>) => ReactNode;
  id?: string;
}

/**
 * One showcase widget: it loads its sample API (spinner, then the preview, or the
 * demonstration data under the spec's warning), and offers Refresh, the response time, the JSON
 * Response with copy, Copy API URL and the three-step how-to with the JSON template.
 */
export function ShowcaseWidget<C extends SampleCode>({
  code,
  name,
  dataName,
  description,
  demo,
  warning,
  children,
  id,
}: ShowcaseWidgetProps<C>) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  // A widget far down the page (the social one, on a phone) calls its API as the visitor comes
  // near it: its answer's render and layout are not the page's start.
  const query = useSample(code, useNearScreen(section));
  const view = widgetView(query, demo);
  // The store's answer re-renders this widget at once; the preview and the JSON (the costly part)
  // follow in a render React can interrupt, so the page stays responsive while they change.
  const shown = useDeferredValue(view);
  const refreshing = query.isFetching && view.kind !== 'loading';
  const apiUrl = samplePath(code);

  function handleRefresh() {
    // A click while a load runs waits for it rather than starting over.
    void query.refetch({ cancelRefetch: false });
  }

  return (
    <section ref={section} id={id} aria-labelledby={headingId} className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight">
            {name} widget
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p
            role="status"
            className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300"
          >
            <StatusText view={view} refreshing={refreshing} />
          </p>
          <Button variant="secondary" onClick={handleRefresh} aria-busy={query.isFetching}>
            <RefreshCw
              className={cn('size-4', query.isFetching && 'animate-spin')}
              aria-hidden="true"
            />
            Refresh
          </Button>
        </div>
      </div>

      {view.kind === 'demo' ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <TriangleAlert
            className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
            aria-hidden="true"
          />
          {warning}
        </p>
      ) : null}

      <WidgetPanels
        view={shown}
        fetching={query.isFetching}
        dataName={dataName}
        apiUrl={apiUrl}
        preview={children}
      />

      <SampleHowTo code={code} name={name} />
    </section>
  );
}

interface WidgetPanelsProps<T> {
  view: WidgetView<T>;
  /** Whether the sample API's request is in flight: the loading spinner turns only then. */
  fetching: boolean;
  dataName: string;
  apiUrl: string;
  preview: (body: T) => ReactNode;
}

/** The preview and the side column (API URL, JSON Response) of a widget's view. */
const WidgetPanels = memo(function WidgetPanels<T>({
  view,
  fetching,
  dataName,
  apiUrl,
  preview,
}: WidgetPanelsProps<T>) {
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div aria-busy={view.kind === 'loading'} className="min-w-0 lg:col-span-3">
        {view.kind === 'loading' ? (
          <div
            role="status"
            className="flex min-h-80 flex-col items-center justify-center gap-3 rounded-lg border border-slate-200 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300"
          >
            {/* Still until the request leaves: the prerendered page waits for its scripts first,
                and a turning spinner would redraw the screen all that while (under Lighthouse's
                software compositing it took a tenth of its performance score). */}
            <LoaderCircle
              className={cn(
                'size-8 text-indigo-600 dark:text-indigo-400',
                fetching && 'animate-spin',
              )}
              aria-hidden="true"
            />
            Loading {dataName} data…
          </div>
        ) : (
          preview(view.body)
        )}
      </div>

      <div className="min-w-0 space-y-4 lg:col-span-2">
        <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <p className="text-xs font-medium text-slate-600 dark:text-slate-300">API URL</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            {/* One text, broken anywhere when the line is full: the prerendered page names the
                    origin with a placeholder the server fills in, so the text must be one piece. */}
            <code className="min-w-0 font-mono text-sm [overflow-wrap:anywhere]">{apiUrl}</code>
            <CopyButton text={apiUrl} label="Copy API URL" showLabel />
          </div>
        </div>
        {view.kind === 'loading' ? (
          <p className="flex min-h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
            The JSON response appears here.
          </p>
        ) : (
          <CodeBlock
            code={JSON.stringify(view.body, null, 2)}
            label={view.kind === 'live' ? 'JSON Response' : 'JSON Response (demonstration data)'}
            copyLabel="Copy JSON response"
            wrap
            className="[&_pre]:max-h-[28rem] [&_pre]:overflow-y-auto"
          />
        )}
      </div>
    </div>
  );
}) as <T>(props: WidgetPanelsProps<T>) => ReactNode;

/** The three-step how-to of a sample: the same on every render of its widget. */
const SampleHowTo = memo(function SampleHowTo({ code, name }: { code: SampleCode; name: string }) {
  return <HowTo sample={getSampleApi(code)} name={name} />;
});

function StatusText<T>({ view, refreshing }: { view: WidgetView<T>; refreshing: boolean }) {
  if (refreshing) return <>Refreshing…</>;
  if (view.kind === 'live') {
    return (
      <>
        <Timer className="size-4" aria-hidden="true" />
        Response time: <span className="font-semibold tabular-nums">{view.responseTime} ms</span>
      </>
    );
  }
  if (view.kind === 'demo') return <>Demonstration data</>;
  return null;
}
