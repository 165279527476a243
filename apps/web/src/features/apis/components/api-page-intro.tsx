/** The API page's frame: its content's width and spacing. */
export const apiPageClasses = 'mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8';

/**
 * The API page's heading and introduction. The build prerenders them, in the page's frame, into
 * the page's shell beside the dashboard's chrome (entry-server.tsx `renderChrome`): they paint
 * from the HTML, before the scripts, where the page then renders them again.
 */
export function ApiPageIntro() {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">APIs</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Write a template with any data type, preview it, and create a live mock API with the delay,
        status code, headers and token you choose.
      </p>
    </div>
  );
}
