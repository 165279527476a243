// Inlined at the end of each prerendered page by scripts/build.mjs, in place of Vite's module
// script and preloads: the page's content is painted before the browser fetches and runs the
// scripts that hydrate it, so the first paint never waits on JavaScript. A hidden tab (it paints
// nothing) starts at once. The element's data names the entry and the modules to preload.
//
// Clicks wait meanwhile (a tab clicked now would do nothing) and typing is recorded (hydration
// would lose it): both are kept for the app, which takes the holding over (src/lib/hydration.ts)
// and does them again once hydrated. Links go as they would without JavaScript, and nothing is
// held if the app's script fails to load.
(() => {
  const clicks = [];
  const typed = new Map();
  const hold = (event) => {
    if (!(event.target instanceof HTMLElement) || event.target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    clicks.push(event.target);
  };
  const record = (event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      typed.set(field, field.value);
    }
  };
  const stop = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', record, true);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('input', record, true);
  window.mocksmithHeld = () => {
    stop();
    return { clicks, typed };
  };

  const { entry, preload } = document.currentScript.dataset;
  const element = (tag, properties) => Object.assign(document.createElement(tag), properties);
  // A preload's link costs the main thread a millisecond, and 3 to 7 under Lighthouse's network
  // instrumentation (measured): the entry goes first, then the preloads two per task, so that no
  // task of the page's start is long. They are all asked for long before the entry's imports
  // would be. The tasks follow each other through a message channel: a chain of timers would
  // wait 4 ms each after the fifth.
  //
  // The app loads its page's module once the last are asked for (mocksmithPreloaded, main.tsx):
  // earlier, the bundler's preloader would ask for all those not yet asked for in one task, that
  // of the entry's start (measured: 14 ms of a 25 ms task under Lighthouse).
  let preloaded;
  window.mocksmithPreloaded = new Promise((resolve) => {
    preloaded = resolve;
  });
  const start = () => {
    const links = preload.split(' ').filter(Boolean);
    document.head.append(
      element('script', { type: 'module', src: entry, crossOrigin: '', onerror: stop }),
    );
    const channel = new MessageChannel();
    const next = () => {
      const batch = links.splice(0, 2);
      document.head.append(
        ...batch.map((href) => element('link', { rel: 'modulepreload', href, crossOrigin: '' })),
      );
      if (links.length > 0) channel.port2.postMessage(0);
      else preloaded();
    };
    channel.port1.onmessage = next;
    next();
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start));
})();
