import type { MessageResult } from '@mocksmith/core/auth';
import type { UseMutationResult } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

export interface MailedLinkStatusProps {
  token: string;
  /** The mutation that spends the link's token. */
  spend: UseMutationResult<MessageResult, Error, string>;
  /** Shown while the link is checked. */
  checking: string;
  /** The heading of success (the server's message follows it). */
  done: string;
  /** The message of a refusal. */
  failure(error: Error): string;
}

/**
 * Spends the token of a mailed link (once): loading, then success with the server's message
 * (on to sign in) or the refusal's message (back to sign in).
 */
export function MailedLinkStatus({ token, spend, checking, done, failure }: MailedLinkStatusProps) {
  const { mutate } = spend;
  // The link works once: sent once per token, even when React runs the effect twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (spend.isIdle || spend.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <LoaderCircle
          className="size-10 animate-spin text-indigo-600 dark:text-indigo-400"
          aria-hidden="true"
        />
        <p>{checking}</p>
      </div>
    );
  }
  if (spend.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <CircleX className="size-12 text-red-600 dark:text-red-400" aria-hidden="true" />
        <p>{failure(spend.error)}</p>
        <RouterLink to={paths.auth} className={buttonClasses('secondary')}>
          Back to Login
        </RouterLink>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 text-center">
      <CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      <p className="text-lg font-semibold">{done}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{spend.data.message}</p>
      <RouterLink to={paths.auth} className={buttonClasses('primary')}>
        Continue to Login
      </RouterLink>
    </div>
  );
}
