import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

// Every page loaded by the browser (not by a link) has the key 'default', so keying positions by
// location.key alone would restore one page's scroll position on another page loaded afterwards.
// The hash is part of the key so that opening /get-started#sorting goes to its anchor.
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.hash}` : location.key;
}

/** Header, page and footer. ScrollRestoration opens new pages at the top (or at their #anchor). */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <PublicFooter />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
