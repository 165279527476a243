import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { DashboardLayout } from '../components/layouts/dashboard-layout.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { paths } from '../config/paths.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, loaded when its route matches; its module default-exports it. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** Pages of the public chrome that a signed-in user may see too. */
const publicPages: RouteObject[] = [
  { path: paths.examples, ...page(() => import('./routes/examples.tsx')) },
  { path: paths.getStarted, ...page(() => import('./routes/get-started.tsx')) },
  { path: paths.roadmap, ...page(() => import('./routes/roadmap.tsx')) },
  { path: paths.forgotPassword, ...page(() => import('./routes/forgot-password.tsx')) },
  { path: paths.requestReset, ...page(() => import('./routes/request-reset.tsx')) },
  { path: paths.resetPassword, ...page(() => import('./routes/reset-password.tsx')) },
  { path: paths.verifyEmail, ...page(() => import('./routes/verify-email.tsx')) },
  { path: paths.privacy, ...page(() => import('./routes/privacy.tsx')) },
  { path: paths.terms, ...page(() => import('./routes/terms.tsx')) },
  // Signed-in users go on to the dashboard from these two.
  {
    element: <GuestOnly />,
    children: [
      { index: true, ...page(() => import('./routes/landing.tsx')) },
      { path: paths.auth, ...page(() => import('./routes/auth.tsx')) },
    ],
  },
  { path: '*', ...page(() => import('./routes/not-found.tsx')) },
];

/** Pages behind the login guard, in the dashboard's chrome. */
const guardedPages: RouteObject[] = [
  { path: paths.dashboard, ...page(() => import('./routes/dashboard.tsx')) },
  { path: paths.dashboardApi, ...page(() => import('./routes/dashboard-api.tsx')) },
  {
    path: paths.dashboardTemplatesGallery,
    ...page(() => import('./routes/dashboard-templates-gallery.tsx')),
  },
  { path: paths.dashboardOpenapi, ...page(() => import('./routes/dashboard-openapi.tsx')) },
  {
    path: paths.dashboardPostmanExport,
    ...page(() => import('./routes/dashboard-postman-export.tsx')),
  },
  {
    path: paths.dashboardDocumentation,
    ...page(() => import('./routes/dashboard-documentation.tsx')),
  },
  { path: paths.account, ...page(() => import('./routes/account.tsx')) },
];

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        // A pathless child catches page errors so the header and footer stay around them.
        children: [{ errorElement: <RouteError />, children: publicPages }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [{ errorElement: <RouteError />, children: guardedPages }],
          },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
