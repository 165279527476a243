import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, createAppRouter } from './app/router.tsx';
import { endHolding, startHydration, yieldToBrowser } from './lib/hydration.ts';
import { loadStoredUser } from './lib/stored-user.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Loads the page's modules and the stored user (checked against its schema only when there is
 * one), then renders. The public pages come prerendered (their content is in the HTML): React
 * takes that HTML over. The others come as an empty shell, rendered here. (A function rather than
 * top-level await: the bundler merges small shared chunks only in code without it.)
 */
async function start(root: HTMLElement) {
  // A signed-in page's shell holds only the dashboard's chrome (`data-chrome`), which the first
  // render replaces with the same chrome: React clears the element on its first commit.
  const chrome = root.hasAttribute('data-chrome');
  const prerendered = root.firstElementChild !== null && !chrome;
  // Its scripts started after its first paint, as a prerendered page's (start-after-paint.js).
  if (chrome) endHolding();
  // After the start script has asked for the page's modules, a few per task (see there).
  await window.mocksmithPreloaded;
  // The first read of storage opens it, which can take a while: in a task of its own.
  const [router] = await Promise.all([
    createAppRouter(prerendered),
    yieldToBrowser().then(loadStoredUser),
  ]);
  const app = (
    <StrictMode>
      <AppProvider>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (prerendered) {
    await yieldToBrowser();
    startHydration();
    // As a transition, React hydrates in slices and lets the browser run between them, rather
    // than in one long task (the held clicks wait for the end).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // The same for a page rendered here: its first render in slices, not one long task.
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

void start(root);
