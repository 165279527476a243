import { Component, lazy, type ReactNode, type RefObject, Suspense, useId, useRef } from 'react';
import { useNearScreen } from '../../../hooks/use-near-screen.ts';
import {
  type AnalyticsBase,
  apiAnalyticsBase,
  projectAnalyticsBase,
} from '../api/get-analytics.ts';
import { analyticsTexts } from '../texts.ts';

// The section and its charting library load only where the section is shown (signed-in pages).
const AnalyticsPanel = lazy(() => import('./analytics-panel.tsx'));

/** A failed load of the section's code: said in its place, the rest of the page unharmed. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {analyticsTexts.loadFailed}
      </p>
    ) : (
      this.props.children
    );
  }
}

/** The section of a project or API, loaded lazily with uPlot. */
function LazyAnalytics({ base }: { base: AnalyticsBase }) {
  return (
    <LoadBoundary>
      <Suspense
        fallback={
          <p className="text-sm text-slate-600 dark:text-slate-400">{analyticsTexts.loading}</p>
        }
      >
        <AnalyticsPanel base={base} />
      </Suspense>
    </LoadBoundary>
  );
}

/** The section's place until it comes near the screen: its title, and that it is loading. */
function AnalyticsPlaceholder({ anchor }: { anchor: RefObject<HTMLElement | null> }) {
  const titleId = useId();
  return (
    <section ref={anchor} aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4">
      <h2 id={titleId} className="text-lg font-semibold">
        {analyticsTexts.title}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{analyticsTexts.loading}</p>
    </section>
  );
}

/**
 * A project's Analytics section (see analytics-panel.tsx), at the foot of the project's page:
 * its code, uPlot and its figures load when it comes within a screen of being seen, after the
 * routes and collections above it. The owner's alone; another user's project answers 404, said
 * as an error.
 */
export function ProjectAnalytics({ projectId }: { projectId: string }) {
  const anchor = useRef<HTMLElement>(null);
  const near = useNearScreen(anchor);
  if (!near) return <AnalyticsPlaceholder anchor={anchor} />;
  return <LazyAnalytics base={projectAnalyticsBase(projectId)} />;
}

/**
 * A stand-alone API's Analytics section, as a project's: its calls from all of its URLs. The
 * owner's alone; another user's API answers 404, said as an error.
 */
export function ApiAnalytics({ apiId }: { apiId: string }) {
  return <LazyAnalytics base={apiAnalyticsBase(apiId)} />;
}
