import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { yieldToBrowser } from '../lib/hydration.ts';
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

/**
 * The browser's router over the app's routes, with the current page's module loaded.
 *
 * `prerendered`: the page came with its content, which the browser has already placed (at the
 * top, at its #anchor, or where a reload or Back left it) and the visitor may have scrolled since.
 * Hydration data (there is none: no route has a loader) tells the router so, and it then leaves
 * the scroll alone on its first render: without it, hydrating scrolled the page to the top, or to
 * a position saved by an earlier load in the tab, under the visitor's hand. Later navigations
 * restore and reset as ever. A page rendered here alone had nothing to scroll, and the router
 * restores its saved position once it is rendered.
 */
export async function createAppRouter(prerendered: boolean): Promise<DataRouter> {
  await loadMatchedRoutes(routes, window.location);
  // The page's modules ran in this task; the router's start gets one of its own.
  await yieldToBrowser();
  return createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
}

export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
