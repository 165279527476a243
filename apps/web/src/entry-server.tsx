/**
 * The build's prerendering (scripts/build.mjs): renders a public page to HTML with the same
 * providers and routes as the browser, which then hydrates it (main.tsx).
 */
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import type { PageHandle } from './app/route-tree.tsx';
import { routes } from './app/route-tree.tsx';
import { DashboardLayout } from './components/layouts/dashboard-layout.tsx';
import { loadedSections } from './components/lazy-section.tsx';
import type { PageMeta } from './config/pages.ts';
import { paths } from './config/paths.ts';
import { AccountPage } from './features/account/components/account-page.tsx';
import { ApiPageIntro, apiPageClasses } from './features/apis/components/api-page-intro.tsx';
import {
  DashboardWelcome,
  dashboardPageClasses,
} from './features/apis/components/dashboard-welcome.tsx';
import {
  InspectorHeading,
  inspectorPageClasses,
} from './features/inspector/components/inspector-page.tsx';
import { inspectorTexts } from './features/inspector/texts.ts';
import { ProjectHeading } from './features/projects/components/project-header.tsx';
import { projectPageClasses } from './features/projects/components/project-page.tsx';
import {
  ProjectsIntro,
  projectsHeaderClasses,
  projectsPageClasses,
} from './features/projects/components/projects-intro.tsx';
import { projectPath } from './features/projects/components/projects-list.tsx';
import {
  BackToProject,
  RouteIntro,
  routeEditorClasses,
} from './features/projects/components/route-editor.tsx';
import {
  PROJECT_ID_SLOT,
  PROJECT_NAME_SLOT,
  USER_EMAIL_SLOT,
  USER_NAME_SLOT,
} from './lib/shell-facts.ts';

export { routes } from './app/route-tree.tsx';
export { notFoundPage, publicPages } from './config/pages.ts';
export { PROJECT_NAME_SLOT } from './lib/shell-facts.ts';

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** 200, or 404 when no route but the catch-all matched. */
  status: number;
  /** The modules of the matched routes, as the build's manifest names them. */
  modules: string[];
  /** The matched page's <head>, when it is a prerendered page. */
  meta: PageMeta | undefined;
}

/** Renders the page at `path` (the origin is a placeholder: pages use relative links). */
export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect when prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  // The first render starts loading the page's lazy sections; the second holds their content.
  renderToString(page);
  await loadedSections();
  const html = renderToString(page);
  const handles = context.matches
    .map((match) => match.route.handle as PageHandle | undefined)
    .filter((handle): handle is PageHandle => handle !== undefined);
  return {
    html,
    status: context.statusCode,
    modules: handles.map((handle) => handle.module),
    meta: handles.at(-1)?.meta,
  };
}

/**
 * What a signed-in page shows first that is the same for everyone, in its frame: prerendered
 * with the chrome, so that the page's largest text paints from the HTML rather than after its
 * scripts. Only texts that depend on nobody (not the user's name, not a project's), in the place
 * and frame the page renders them, so that the page's first render changes neither.
 */
const PAGE_INTROS: Record<string, () => ReactNode> = {
  [paths.dashboardApi]: () => (
    <div className={apiPageClasses}>
      <ApiPageIntro />
    </div>
  ),
  [paths.dashboardProjects]: () => (
    <div className={projectsPageClasses}>
      <div className={projectsHeaderClasses}>
        <ProjectsIntro />
      </div>
    </div>
  ),
};

/** A named intro, and what its user must be for it to fit (the welcome back of a returning user). */
interface NamedIntro {
  render: () => ReactNode;
  requires?: { firstSignIn?: boolean; isGoogle?: boolean };
}

/**
 * What a signed-in page shows first that names its user or its project, in slots that the
 * server fills per call for whoever may see them (apps/server/src/plugins/web.ts): those shells
 * are sent filled or not at all. The page's first render shows the same, from the stored user and
 * from the project's name the server adds beside it (lib/shell-facts.ts). The account page's
 * forms are disabled in the shell: what is typed there before the scripts would be lost.
 */
const NAMED_INTROS: Record<string, NamedIntro> = {
  [paths.dashboard]: {
    render: () => (
      <div className={dashboardPageClasses}>
        <DashboardWelcome name={USER_NAME_SLOT} firstSignIn={false} />
      </div>
    ),
    requires: { firstSignIn: false },
  },
  [paths.account]: {
    render: () => (
      <fieldset disabled className="contents">
        <AccountPage user={{ username: USER_NAME_SLOT, email: USER_EMAIL_SLOT, isGoogle: false }} />
      </fieldset>
    ),
    requires: { isGoogle: false },
  },
  [paths.dashboardProject]: {
    render: () => (
      <div className={projectPageClasses}>
        <ProjectHeading name={PROJECT_NAME_SLOT} />
      </div>
    ),
  },
  [paths.dashboardProjectRequests]: {
    render: () => (
      <div className={inspectorPageClasses}>
        <InspectorHeading
          back={projectPath(PROJECT_ID_SLOT)}
          name={PROJECT_NAME_SLOT}
          retention={inspectorTexts.retention}
          state="connecting"
        />
      </div>
    ),
  },
  [paths.dashboardProjectNewRoute]: {
    render: () => (
      <div className={routeEditorClasses}>
        <BackToProject projectId={PROJECT_ID_SLOT} name={PROJECT_NAME_SLOT} />
        <RouteIntro title="New route" projectName={PROJECT_NAME_SLOT} />
      </div>
    ),
  },
};

/** The signed-in pages whose shell holds their intro (and so their largest text). */
export const pagesWithIntro: readonly string[] = Object.keys(PAGE_INTROS);

/** The pages with a second shell whose intro names its user or project, and what it requires. */
export const namedIntros: Readonly<Record<string, Pick<NamedIntro, 'requires'>>> =
  Object.fromEntries(
    Object.entries(NAMED_INTROS).map(([path, { requires }]) => [path, { requires }]),
  );

/**
 * The dashboard's chrome (header and sidebar, for nobody signed in: no user menu, no Admin item)
 * at `path`, with the page's intro where it has one (PAGE_INTROS, or NAMED_INTROS when `named`),
 * for the shells of the signed-in pages: they paint it from the HTML, before their scripts, and
 * the browser's first render replaces it with the same (main.tsx).
 */
export async function renderChrome(path: string, { named = false } = {}): Promise<string> {
  const intro = named ? NAMED_INTROS[path]?.render : PAGE_INTROS[path];
  const handler = createStaticHandler([
    {
      Component: DashboardLayout,
      children: [{ path: '*', Component: intro ?? (() => null) }],
    },
  ]);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect when prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProvider>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}
