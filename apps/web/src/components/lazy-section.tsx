import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
} from 'react';
import { holdInteraction, rendersPrerenderedHtml } from '../lib/hydration.ts';

/** How far below the screen a section starts loading: as it comes in (its HTML shows meanwhile). */
const AHEAD = '50px';

type SectionModule = { default: ComponentType };
type Loader = () => Promise<SectionModule>;

/** One lazy component per loader, so that a second render on the server finds it loaded. */
const sections = new Map<Loader, LazyExoticComponent<ComponentType>>();
/** The loads started by a render on the server (see `loadedSections`). */
const started: Promise<unknown>[] = [];

function sectionOf(load: Loader): LazyExoticComponent<ComponentType> {
  let section = sections.get(load);
  if (!section) {
    section = lazy(() => {
      const loading = load();
      started.push(loading);
      return loading;
    });
    sections.set(load, section);
  }
  return section;
}

/**
 * For the build's prerendering: waits for the sections a first render asked for, so that a second
 * render holds their content (and no streaming script, which the site's CSP would refuse).
 */
export async function loadedSections(): Promise<void> {
  await Promise.all(started.splice(0));
}

/** Calls `onHydrated` once the section around it is hydrated (its effects run then). */
function HydratedSignal({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return null;
}

/** Renders the section once the page is near it; until then the prerendered HTML stands. */
function WhenNear({ near, Section }: { near: Near; Section: ComponentType }) {
  use(near.promise);
  return (
    <>
      <Section />
      <HydratedSignal onHydrated={near.hydrated} />
    </>
  );
}

/** When a prerendered section may load, and what waits for it to be hydrated. */
interface Near {
  promise: Promise<void>;
  resolve: () => void;
  /** Whether the section came prerendered (else it renders at once). */
  hydrating: boolean;
  /** Called once the section is hydrated (it replays a click held until then). */
  hydrated: () => void;
}

function createNear(): Near {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  const hydrating = rendersPrerenderedHtml() && typeof window !== 'undefined';
  if (!hydrating) resolve();
  return { promise, resolve, hydrating, hydrated: () => {} };
}

/**
 * A part of a prerendered page below the first screen whose code loads when it comes near the
 * screen. Until then React leaves its prerendered HTML as it is (a suspended boundary is not
 * hydrated), so it costs the first load no JavaScript and nothing moves. Rendered in the browser
 * alone (the visitor followed a link), it loads at once. `load` is a module-level function.
 */
export function LazySection({ load, fallback = null }: { load: Loader; fallback?: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const Section = sectionOf(load);
  const [near] = useState(createNear);

  useEffect(() => {
    const element = anchor.current;
    if (!near.hydrating || !element) return;
    // A touch, a focus or a click inside loads it; clicks and typing wait for it (React would drop
    // them).
    // Both listen on the document: React's listeners on its root stop these events before they
    // reach an element that is not hydrated yet.
    const load = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) near.resolve();
    };
    const triggers = ['click', 'pointerdown', 'focusin'] as const;
    for (const type of triggers) document.addEventListener(type, load, true);
    near.hydrated = holdInteraction(element);
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) near.resolve();
            },
            { rootMargin: `${AHEAD} 0px` },
          );
    if (observer) observer.observe(element);
    else near.resolve();
    return () => {
      observer?.disconnect();
      for (const type of triggers) document.removeEventListener(type, load, true);
      near.hydrated();
    };
  }, [near]);

  return (
    <div ref={anchor}>
      <Suspense fallback={fallback}>
        {near.hydrating ? <WhenNear near={near} Section={Section} /> : <Section />}
      </Suspense>
    </div>
  );
}
