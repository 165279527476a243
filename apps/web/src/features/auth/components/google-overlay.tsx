import { LoaderCircle } from 'lucide-react';
import { authTexts } from '../texts.ts';

/** Covers the page while the browser is on its way to Google or back (spec: the Google overlay). */
export function GoogleOverlay() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/90 p-6 text-center dark:bg-slate-950/90"
    >
      <LoaderCircle
        className="size-10 animate-spin text-indigo-600 dark:text-indigo-400"
        aria-hidden="true"
      />
      <p className="text-lg font-semibold">{authTexts.googleConnecting}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{authTexts.googleWait}</p>
    </div>
  );
}
