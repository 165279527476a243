import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads the first time it opens, so that a page does not load and run, before
 * its first paint, the dialogs it may never show (their forms, schemas, editors and Radix).
 * `isOpen` reads from the dialog's props whether it is open. Once opened it stays mounted, and
 * closes (returning the focus to what opened it) as it always did.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog, at module level
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
