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

/** main.tsx, before hydrating a prerendered page. */
export function startHydration(): void {
  matchingHtml = true;
}

/** The app's root, once the first render is committed: later mounts read the browser at once. */
export function useEndOfHydration(): void {
  useEffect(() => {
    matchingHtml = typeof window === 'undefined';
  }, []);
}
