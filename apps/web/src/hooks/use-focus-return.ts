import { useRef } from 'react';

/**
 * The focus handlers of a dialog opened from state (a row's button) rather than by a
 * `Dialog.Trigger`: Radix gives the focus back to a trigger alone, so such a dialog remembers
 * what had the focus when it opened and gives it back when it closes. Spread on `Dialog.Content`.
 * An opener that is gone (its row deleted) leaves the focus to Radix.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (element?.isConnected) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
