import { authMessages } from '@mocksmith/core/texts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { useGoogleSignIn } from '../api/google.ts';
import { authTexts } from '../texts.ts';
import { isBannedAnswer } from '../utils/outcomes.ts';

/**
 * Finishes a Google sign-in when the provider has sent the browser back to /auth with `code`
 * (or `error`) in the query: the parameters leave the address bar at once, the code is traded for
 * a session once, and the answer signs the user in. True while the trade runs.
 */
export function useGoogleCallback(onBanned: () => void): boolean {
  const [params, setParams] = useSearchParams();
  const googleSignIn = useGoogleSignIn();
  const { mutateAsync } = googleSignIn;
  const code = params.get('code');
  const failed = params.has('error');
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
    mutateAsync({ code, state, iss }).then(
      () => toast.success(authTexts.loginSucceeded),
      (error: unknown) => {
        if (isBannedAnswer(error)) onBanned();
        else toast.error(authMessages.googleFailed);
      },
    );
  }, [code, failed, params, setParams, mutateAsync, onBanned]);

  // The code is in the address bar until the effect has taken it.
  return code !== null || googleSignIn.isPending;
}
