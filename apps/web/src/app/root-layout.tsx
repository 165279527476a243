import { type Location, Outlet, ScrollRestoration } from 'react-router';

// Every page loaded by the browser (not by a link) has the key 'default', so keying positions by
// location.key alone would restore one page's scroll position on another page loaded afterwards.
// The hash is part of the key so that opening /get-started#sorting goes to its anchor.
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.hash}` : location.key;
}

/** Every page, public or signed-in. ScrollRestoration opens new pages at the top (or #anchor). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
