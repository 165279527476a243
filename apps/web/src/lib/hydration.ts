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

let releaseHeld: (() => void) | null = null;

/**
 * Clicks `target` again as a pointer would: press, release, click. Some controls act on the press
 * (a tab, a menu's trigger), which a bare click() would miss.
 */
function replayClick(target: HTMLElement): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  const pointer = { ...init, pointerId: 1, pointerType: 'mouse', isPrimary: true };
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  target.dispatchEvent(new Pointer('pointerdown', pointer));
  target.dispatchEvent(new MouseEvent('mousedown', init));
  target.dispatchEvent(new Pointer('pointerup', pointer));
  target.dispatchEvent(new MouseEvent('mouseup', init));
  target.click();
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_INPUTS = new Set(['text', 'email', 'password', 'search', 'url', 'tel', 'number']);

function isTextField(target: EventTarget | null): target is TextField {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type))
  );
}

/**
 * Types `value` into `field` again, so that React's change handler reads it: hydration reset a
 * textarea to the page's text and left an input's state empty, the visitor's typing dropped. The
 * field's value is first set through React's own record of it (to something else), then through
 * the browser's setter, so React sees the input event change it.
 */
function retype(field: TextField, value: string): void {
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What a visitor did to HTML that React had not hydrated yet, to be done again once it has. */
export interface Held {
  /** The targets of the clicks, in order. */
  clicks: HTMLElement[];
  /** The text fields typed into, each with its value after the last keystroke. */
  typed: Map<TextField, string>;
}

/**
 * Holds what the visitor does inside `area` (after `before`, held earlier) until the returned
 * function is called: the clicks, which React would drop (a tab, a button of a prerendered page
 * clicked while its script still loads), and the text typed, which hydration would lose. Then the
 * fields get their text back and the clicks are made again, in order. Both are caught on the
 * document, above React's listeners on its root, which stop an event whose target is not hydrated
 * before it reaches any element below.
 */
export function holdInteraction(area: Node, before?: Held): () => void {
  const clicks = [...(before?.clicks ?? [])];
  const typed = new Map(before?.typed);
  const inside = (target: EventTarget | null): target is Node =>
    target instanceof Node && area.contains(target);
  const hold = (event: Event) => {
    if (!(event.target instanceof HTMLElement) || !inside(event.target)) return;
    event.preventDefault();
    // Held once: an area held within another is clicked again by the outer one's replay.
    event.stopImmediatePropagation();
    clicks.push(event.target);
  };
  const record = (event: Event) => {
    if (isTextField(event.target) && inside(event.target)) {
      typed.set(event.target, event.target.value);
    }
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('input', record, true);
  return () => {
    document.removeEventListener('input', record, true);
    if (typed.size === 0 && clicks.length === 0) {
      document.removeEventListener('click', hold, true);
      return;
    }
    // Typing between now and the retyping task reaches React itself, and is newer than the text
    // held: that field is left as the visitor has it.
    const typedSince = (event: Event) => {
      if (event.target instanceof Node) typed.delete(event.target as TextField);
    };
    document.addEventListener('input', typedSince, true);
    // Each in a task of its own, after React's own work: the release is called from an effect,
    // where React defers the updates the events cause, and a click must find the text typed.
    // Clicks go on being held until then, in order: one made now (Generate, right after typing
    // during hydration) would otherwise act on the page's text, before the visitor's is back.
    setTimeout(() => {
      document.removeEventListener('input', typedSince, true);
      for (const [field, value] of typed) {
        if (isTextField(field) && field.isConnected) retype(field, value);
      }
      typed.clear();
      setTimeout(() => {
        document.removeEventListener('click', hold, true);
        for (const target of clicks.splice(0)) if (target.isConnected) replayClick(target);
      });
    });
  };
}

declare global {
  interface Window {
    /**
     * Set by the page's start script (scripts/start-after-paint.js), which holds the clicks and
     * records the typing done before the app's scripts ran: stops, and answers what it held.
     */
    mocksmithHeld?: () => Held;
    /**
     * Set by the same script: resolves once it has asked for every module the page preloads.
     * Absent from a shell that preloads from its <head>.
     */
    mocksmithPreloaded?: Promise<void>;
  }
}

/**
 * main.tsx, before hydrating a prerendered page: clicks and typing wait for the hydration to end,
 * those done while the scripts loaded included.
 */
export function startHydration(): void {
  matchingHtml = true;
  releaseHeld = holdInteraction(document, window.mocksmithHeld?.());
}

/**
 * Ends what the start script holds (start-after-paint.js) for a shell that is rendered anew
 * rather than hydrated (the dashboard's chrome, `data-chrome`): the elements clicked before the
 * scripts ran are replaced by React's, so there is nothing to do again, and clicks go on as usual.
 */
export function endHolding(): void {
  window.mocksmithHeld?.();
}

/** The app's root, once the first render is committed: later mounts read the browser at once. */
export function useEndOfHydration(): void {
  useEffect(() => {
    matchingHtml = typeof window === 'undefined';
    releaseHeld?.();
    releaseHeld = null;
  }, []);
}

/**
 * Ends the task under way and resolves in a new one, so that the browser may paint and answer
 * input between two long steps of the page's start (the scheduler's yield where the browser has
 * it, which resumes ahead of other tasks).
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
