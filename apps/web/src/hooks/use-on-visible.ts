import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the element of `ref` comes within `margin` of the screen (an
 * IntersectionObserver, where the browser has one; elsewhere nothing happens).
 */
export function useOnVisible(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  on = true,
  margin = '400px 0px',
) {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!on || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, on, margin]);
}
