/**
 * Toasts, as sonner shows them, with sonner loaded on the first toast rather than with every
 * page: most visits never show one. `toast.success(text, options)` and its kin take sonner's
 * options; `ToastHost` (components/ui/toast-host.tsx) mounts sonner's Toaster when one is asked.
 */
import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';

let wanted = false;
const listeners = new Set<() => void>();
let hostMounted: () => void = () => {};
const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/** For ToastHost: whether a toast was asked for, and to hear when one first is. */
export const toastRequests = {
  wanted: () => wanted,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The host's Toaster listens from now on. */
  hostMounted: () => hostMounted(),
};

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void hostReady
    .then(() => import('sonner'))
    .then(({ toast: sonner }) => {
      sonner[kind](message, options);
    });
}

const of =
  (kind: Kind) =>
  (message: string, options?: ExternalToast): void =>
    show(kind, message, options);

export const toast = {
  success: of('success'),
  error: of('error'),
  info: of('info'),
  warning: of('warning'),
};
