import { Home, Undo2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { notFoundPage } from '../../config/pages.ts';
import { paths } from '../../config/paths.ts';
import { usePageMeta } from '../../hooks/use-document-title.ts';

export default function NotFoundRoute() {
  usePageMeta(notFoundPage);
  const navigate = useNavigate();

  function handleGoBack() {
    // A tab opened straight on this URL has no history to go back to: go home instead.
    if (window.history.length > 1) navigate(-1);
    else navigate(paths.home);
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p
        className="text-6xl font-extrabold text-indigo-600 dark:text-indigo-400"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="text-slate-600 dark:text-slate-300">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => navigate(paths.home)}>
          <Home className="size-4" aria-hidden="true" />
          Go to Homepage
        </Button>
        <Button variant="secondary" onClick={handleGoBack}>
          <Undo2 className="size-4" aria-hidden="true" />
          Go Back
        </Button>
      </div>
    </div>
  );
}
