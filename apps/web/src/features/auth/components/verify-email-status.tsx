import { authMessages } from '@mocksmith/core/texts';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

/** Confirms the address of a mailed link: loading, then success or the spec's error. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const verification = useVerifyEmail();
  const { mutate } = verification;
  // The link works once: sent once per token, even when React runs the effect twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (verification.isIdle || verification.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <LoaderCircle
          className="size-10 animate-spin text-indigo-600 dark:text-indigo-400"
          aria-hidden="true"
        />
        <p>Verifying your email address...</p>
      </div>
    );
  }
  if (verification.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <CircleX className="size-12 text-red-600 dark:text-red-400" aria-hidden="true" />
        <p>{authMessages.verificationFailed}</p>
        <RouterLink to={paths.auth} className={buttonClasses('secondary')}>
          Back to Login
        </RouterLink>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 text-center">
      <CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      <p className="text-lg font-semibold">Email verified</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{verification.data.message}</p>
      <RouterLink to={paths.auth} className={buttonClasses('primary')}>
        Continue to Login
      </RouterLink>
    </div>
  );
}
