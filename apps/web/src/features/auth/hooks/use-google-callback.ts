import { authMessages } from '@mocksmith/core/auth';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../../lib/auth.tsx';
import { finishGoogleSignIn } from '../api/google.ts';
import { authTexts } from '../texts.ts';
import { isBannedAnswer } from '../utils/outcomes.ts';

/**
 * Finishes a Google sign-in when the provider has sent the browser back to /auth with `code`
 * (or `error`) in the query: the parameters leave the address bar at once, the code is traded for
 * a session once, and the answer signs the user in. True while the trade runs.
 */
export function useGoogleCallback(onBanned: () => void): boolean {
  const [params, setParams] = useSearchParams();
  const { signIn } = useAuth();
  const code = params.get('code');
  const failed = params.has('error');
  const [pending, setPending] = useState(code !== null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || (code === null && !failed)) return;
    handled.current = true;
    const state = params.get('state') ?? undefined;
    const iss = params.get('iss') ?? undefined;
    setParams({}, { replace: true });
    if (code === null) {
      toast.error(authMessages.googleFailed);
      return;
    }
    setPending(true);
    finishGoogleSignIn({ code, state, iss }).then(
      (user) => {
        toast.success(authTexts.loginSucceeded);
        signIn(user);
      },
      (error: unknown) => {
        setPending(false);
        if (isBannedAnswer(error)) onBanned();
        else toast.error(authMessages.googleFailed);
      },
    );
  }, [code, failed, params, setParams, signIn, onBanned]);

  return pending;
}
