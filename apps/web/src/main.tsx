import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, createAppRouter } from './app/router.tsx';
import { startHydration } from './lib/hydration.ts';
import { loadStoredUser } from './lib/stored-user.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's modules and the stored user (checked against its schema only when there is one).
const [router] = await Promise.all([createAppRouter(), loadStoredUser()]);
const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
);

// The public pages come prerendered (their content is in the HTML): React takes that HTML over.
// The others come as an empty shell, rendered here.
if (root.firstElementChild) {
  startHydration();
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
