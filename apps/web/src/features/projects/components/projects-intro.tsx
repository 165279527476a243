/** The Projects page's frame, and its header's row (the intro; the buttons once there are projects). */
export const projectsPageClasses = 'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8';
export const projectsHeaderClasses = 'flex flex-wrap items-end justify-between gap-3';

/**
 * The Projects page's heading and introduction. The build prerenders them, in the page's frame,
 * into the page's shell beside the dashboard's chrome (entry-server.tsx `renderChrome`): they
 * paint from the HTML, before the scripts, where the page then renders them again.
 */
export function ProjectsIntro() {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">Projects</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Whole mock backends, each under one base URL, with routes that answer like a real server.
      </p>
    </div>
  );
}
