import { type RefObject, useEffect, useState } from 'react';
import { useOnVisible } from './use-on-visible.ts';

/**
 * Whether the element in `ref` has come within a screen's height of the screen: false until then,
 * true from then on. Where the browser has no IntersectionObserver, true once mounted.
 */
export function useNearScreen(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useOnVisible(ref, () => setNear(true), !near, '100% 0px');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') setNear(true);
  }, []);
  return near;
}
