import { toUserMessage } from '../../../lib/user-message.ts';
import { useUnlockSignIn } from '../api/unlock-sign-in.ts';
import { MailedLinkStatus } from './mailed-link-status.tsx';

const UNLOCK_FAILED = 'This sign-in link could not be used.';

/** Spends a mailed unlock link: loading, then success (on to sign in) or the server's reason. */
export function UnlockSignInStatus({ token }: { token: string }) {
  return (
    <MailedLinkStatus
      token={token}
      spend={useUnlockSignIn()}
      checking="Checking your sign-in link..."
      done="Browser allowed"
      failure={(error) => toUserMessage(error, UNLOCK_FAILED)}
    />
  );
}
