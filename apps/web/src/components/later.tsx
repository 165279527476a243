import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders its children in a render and a commit of their own, in the background right after the
 * page's first: for what lies below a page's first screen, so that the first commit (and the
 * style and layout after it) is the first screen's alone rather than one long task.
 */
export function Later({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
