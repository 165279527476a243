import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useUnlockSignIn } from '../api/unlock-sign-in.ts';

const UNLOCK_FAILED = 'This sign-in link could not be used.';

/** Spends a mailed unlock link: loading, then success (on to sign in) or the server's reason. */
export function UnlockSignInStatus({ token }: { token: string }) {
  const unlock = useUnlockSignIn();
  const { mutate } = unlock;
  // The link works once: sent once per token, even when React runs the effect twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (unlock.isIdle || unlock.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <LoaderCircle
          className="size-10 animate-spin text-indigo-600 dark:text-indigo-400"
          aria-hidden="true"
        />
        <p>Checking your sign-in link...</p>
      </div>
    );
  }
  if (unlock.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <CircleX className="size-12 text-red-600 dark:text-red-400" aria-hidden="true" />
        <p>{toUserMessage(unlock.error, UNLOCK_FAILED)}</p>
        <RouterLink to={paths.auth} className={buttonClasses('secondary')}>
          Back to Login
        </RouterLink>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 text-center">
      <CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      <p className="text-lg font-semibold">Browser allowed</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{unlock.data.message}</p>
      <RouterLink to={paths.auth} className={buttonClasses('primary')}>
        Continue to Login
      </RouterLink>
    </div>
  );
}
