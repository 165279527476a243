import { useParams } from 'react-router';
import { vi } from 'vitest';
import { testUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render.tsx';
import { ProjectAnalytics } from '../components/project-analytics.tsx';

function AnalyticsAt() {
  const { projectId = '' } = useParams();
  return <ProjectAnalytics projectId={projectId} />;
}

/** happy-dom lays nothing out: each observed element is reported in view at once (scrolled to). */
class InView {
  readonly #report: IntersectionObserverCallback;
  constructor(report: IntersectionObserverCallback) {
    this.#report = report;
  }
  observe(target: Element) {
    const entry = { isIntersecting: true, target } as IntersectionObserverEntry;
    this.#report([entry], this as unknown as IntersectionObserver);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/**
 * The analytics section of project `projectId`, signed in, as a project's page mounts it, and
 * scrolled into view (it loads as it comes near the screen).
 */
export function renderAnalytics(projectId: string) {
  vi.stubGlobal('IntersectionObserver', InView);
  return renderApp([{ path: '/dashboard/projects/:projectId', element: <AnalyticsAt /> }], {
    at: `/dashboard/projects/${projectId}`,
    user: testUser,
  });
}
