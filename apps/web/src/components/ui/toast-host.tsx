import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { toastRequests } from '../../lib/toast.ts';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Tells lib/toast.ts that the Toaster (its sibling before, whose effects ran first) listens. */
function ListeningSignal() {
  useEffect(() => toastRequests.hostMounted(), []);
  return null;
}

/** Where toasts appear: sonner's Toaster, loaded and mounted when the first toast is asked. */
export function ToastHost(props: ToasterProps) {
  const wanted = useSyncExternalStore(toastRequests.subscribe, toastRequests.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
      <ListeningSignal />
    </Suspense>
  );
}
