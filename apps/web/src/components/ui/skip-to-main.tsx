/** The first stop of the keyboard on every page: a link past the header to the page itself. */
export function SkipToMain() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-indigo-600 focus:px-3 focus:py-2 focus:text-white"
    >
      Skip to main content
    </a>
  );
}
