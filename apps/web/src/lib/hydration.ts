import { useEffect } from 'react';

/**
 * Whether the render under way must reproduce HTML made without a browser: on the server while
 * the public pages are prerendered, and in the browser while React hydrates one of them. Such a
 * render reads no storage, media query or scroll position (the build had none); the components
 * take the browser's values once mounted. Pages rendered in the browser alone read them at once.
 */
let matchingHtml = typeof window === 'undefined';

export function rendersPrerenderedHtml(): boolean {
  return matchingHtml;
}

let releaseClicks: (() => void) | null = null;

/**
 * Holds the clicks made inside `area` until the returned function is called, then clicks the last
 * target again. React drops a click on HTML it has not hydrated yet (a tab, a button of a
 * prerendered page clicked while its script still loads); held, it acts once the page can.
 */
export function holdClicks(area: EventTarget): () => void {
  let held: HTMLElement | null = null;
  const hold = (event: Event) => {
    if (!(event.target instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held = event.target;
  };
  area.addEventListener('click', hold, true);
  return () => {
    area.removeEventListener('click', hold, true);
    const target = held;
    held = null;
    if (target?.isConnected) target.click();
  };
}

/** main.tsx, before hydrating a prerendered page: clicks wait for the hydration to end. */
export function startHydration(): void {
  matchingHtml = true;
  releaseClicks = holdClicks(document);
}

/** The app's root, once the first render is committed: later mounts read the browser at once. */
export function useEndOfHydration(): void {
  useEffect(() => {
    matchingHtml = typeof window === 'undefined';
    releaseClicks?.();
    releaseClicks = null;
  }, []);
}
