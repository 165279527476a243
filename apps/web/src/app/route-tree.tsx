import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { type PageMeta, type PageTitle, pageTitles, publicPages } from '../config/pages.ts';
import { paths } from '../config/paths.ts';
import { GuestOnly } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

type PageModule = { default: ComponentType };

/** Every page module, each its own chunk, loaded when its route matches. */
const pageModules = import.meta.glob<PageModule>('./routes/*.tsx');

/** What the build learns of a matched route: its module (to preload it) and its <head>. */
export interface PageHandle {
  /** The page's module, as the build's manifest names it (src/app/routes/landing.tsx). */
  module: string;
  /** Set on the pages prerendered at build time. */
  meta?: PageMeta;
  /** Set on the pages rendered in the browser: the title their shell carries. */
  title?: PageTitle;
}

/** A route's page: the default export of ./routes/{name}.tsx, loaded when the route matches. */
function page(name: string, head?: PageMeta | PageTitle): Pick<RouteObject, 'lazy' | 'handle'> {
  const key = `./routes/${name}.tsx`;
  const load = pageModules[key];
  if (!load) throw new Error(`no page module ${key}`);
  const module = `src/app/routes/${name}.tsx`;
  const handle: PageHandle =
    typeof head === 'function' ? { module, title: head } : { module, meta: head };
  return { lazy: async () => ({ Component: (await load()).default }), handle };
}

/** Pages of the public chrome that a signed-in user may see too. */
const publicRoutes: RouteObject[] = [
  { path: paths.examples, ...page('examples', publicPages.examples) },
  { path: paths.getStarted, ...page('get-started', publicPages.getStarted) },
  { path: paths.roadmap, ...page('roadmap', publicPages.roadmap) },
  { path: paths.forgotPassword, ...page('forgot-password', publicPages.forgotPassword) },
  { path: paths.requestReset, ...page('request-reset', publicPages.requestReset) },
  { path: paths.resetPassword, ...page('reset-password', pageTitles.resetPassword) },
  { path: paths.verifyEmail, ...page('verify-email', pageTitles.verifyEmail) },
  { path: paths.unlockSignIn, ...page('unlock-sign-in', pageTitles.unlockSignIn) },
  { path: paths.privacy, ...page('privacy', publicPages.privacy) },
  { path: paths.terms, ...page('terms', publicPages.terms) },
  // Signed-in users go on to the dashboard from these two.
  {
    element: <GuestOnly />,
    children: [
      { index: true, ...page('landing', publicPages.home) },
      { path: paths.auth, ...page('auth', publicPages.auth) },
    ],
  },
  // Moderation: a page of its own for administrators; to anyone else, the server's 404 makes it
  // the Page Not Found (not the login guard, which would tell a visitor that it exists).
  { path: paths.admin, ...page('admin', pageTitles.admin) },
  { path: '*', ...page('not-found') },
];

/** Pages behind the login guard, in the dashboard's chrome. */
const guardedRoutes: RouteObject[] = [
  { path: paths.dashboard, ...page('dashboard', pageTitles.dashboard) },
  { path: paths.dashboardApi, ...page('dashboard-api', pageTitles.apis) },
  { path: paths.dashboardApiRequests, ...page('dashboard-api-requests', pageTitles.apiRequests) },
  {
    path: paths.dashboardTemplatesGallery,
    ...page('dashboard-templates-gallery', pageTitles.templatesGallery),
  },
  { path: paths.dashboardOpenapi, ...page('dashboard-openapi', pageTitles.openapi) },
  {
    path: paths.dashboardPostmanExport,
    ...page('dashboard-postman-export', pageTitles.postmanExport),
  },
  { path: paths.dashboardProjects, ...page('dashboard-projects', pageTitles.projects) },
  { path: paths.dashboardProject, ...page('dashboard-projects-detail', pageTitles.project) },
  {
    path: paths.dashboardProjectNewRoute,
    ...page('dashboard-projects-route', pageTitles.newRoute),
  },
  { path: paths.dashboardProjectRoute, ...page('dashboard-projects-route', pageTitles.editRoute) },
  {
    path: paths.dashboardProjectRequests,
    ...page('dashboard-projects-requests', pageTitles.projectRequests),
  },
  {
    // The whole documentation, and each section at a path of its own.
    path: paths.dashboardDocumentation,
    children: [
      { index: true, ...page('dashboard-documentation', pageTitles.documentation) },
      { path: ':section', ...page('dashboard-documentation', pageTitles.documentation) },
    ],
  },
  { path: paths.account, ...page('account', pageTitles.account) },
];

/** The app's routes: the browser's router and the build's prerendering both use this tree. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        // A pathless child catches page errors so the header and footer stay around them.
        children: [{ errorElement: <RouteError />, children: publicRoutes }],
      },
      {
        // The login guard and the dashboard's chrome load with the first signed-in page.
        lazy: async () => ({ Component: (await import('./require-auth.tsx')).RequireAuth }),
        handle: { module: 'src/app/require-auth.tsx' } satisfies PageHandle,
        children: [
          {
            // Its own chunk: the public pages never load the dashboard's chrome and menus.
            lazy: async () => ({
              Component: (await import('../components/layouts/dashboard-layout.tsx'))
                .DashboardLayout,
            }),
            handle: { module: 'src/components/layouts/dashboard-layout.tsx' } satisfies PageHandle,
            children: [{ errorElement: <RouteError />, children: guardedRoutes }],
          },
        ],
      },
    ],
  },
];
