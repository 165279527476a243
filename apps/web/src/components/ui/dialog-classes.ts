/** The classes of a modal's backdrop. */
export const overlayClasses = 'fixed inset-0 z-40 bg-slate-950/60';

/** The classes of a modal's panel, centred; `wide` for editors. */
export function dialogContentClasses(size: 'narrow' | 'wide' = 'narrow'): string {
  return [
    'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
    size === 'wide' ? 'max-w-4xl' : 'max-w-md',
    'rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none',
    'dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
  ].join(' ');
}
