import type { ModerationQueue } from '@mocksmith/core/gallery';
import { useModerationQueue } from '../../features/admin/api/get-moderation-queue.ts';
import { AdminConsole } from '../../features/admin/components/admin-console.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';
import { ApiError } from '../../lib/api-client.ts';
import NotFoundRoute from './not-found.tsx';

/**
 * The moderation screen. The server answers its calls with 404 to anyone but an administrator
 * (signed out included), and so does this page: it shows the app's Page Not Found then, and
 * nothing else tells a visitor that it exists.
 */
export default function AdminRoute() {
  const queue = useModerationQueue();
  const error = queue.error;
  if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
    return <NotFoundRoute />;
  }
  if (queue.isPending) {
    return (
      <p role="status" className="px-4 py-24 text-center text-slate-600 dark:text-slate-300">
        Loading...
      </p>
    );
  }
  return <AdminPage queue={queue.data} />;
}

function AdminPage({ queue }: { queue: ModerationQueue | undefined }) {
  useRouteTitle();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
      {queue ? (
        <AdminConsole queue={queue} />
      ) : (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Failed to load the moderation queue
        </p>
      )}
    </div>
  );
}
