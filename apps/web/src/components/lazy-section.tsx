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
import { rendersPrerenderedHtml } from '../lib/hydration.ts';

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

/** Renders the section once the page is near it; until then the prerendered HTML stands. */
function WhenNear({ near, Section }: { near: Promise<void>; Section: ComponentType }) {
  use(near);
  return <Section />;
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
  const [near] = useState(() => {
    let resolve: () => void = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    const hydrating = rendersPrerenderedHtml() && typeof window !== 'undefined';
    if (!hydrating) resolve();
    return { promise, resolve, hydrating };
  });

  useEffect(() => {
    const element = anchor.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      near.resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          near.resolve();
          observer.disconnect();
        }
      },
      { rootMargin: `${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={anchor}>
      <Suspense fallback={fallback}>
        {near.hydrating ? <WhenNear near={near.promise} Section={Section} /> : <Section />}
      </Suspense>
    </div>
  );
}
