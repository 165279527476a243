import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { routes } from './route-tree.tsx';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Loads the modules of the routes that match the current URL before the router starts, so that
 * the first render is the page itself: the prerendered HTML hydrates without a fallback, and a
 * client-rendered page shows no empty frame.
 */
async function loadMatchedRoutes(tree: RouteObject[], url: Location): Promise<void> {
  const matches = matchRoutes(tree, url) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** The browser's router over the app's routes, with the current page's module loaded. */
export async function createAppRouter(): Promise<DataRouter> {
  await loadMatchedRoutes(routes, window.location);
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
