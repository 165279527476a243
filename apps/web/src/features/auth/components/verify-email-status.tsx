import { authMessages } from '@mocksmith/core/texts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { MailedLinkStatus } from './mailed-link-status.tsx';

/** Confirms the address of a mailed link: loading, then success or the spec's error. */
export function VerifyEmailStatus({ token }: { token: string }) {
  return (
    <MailedLinkStatus
      token={token}
      spend={useVerifyEmail()}
      checking="Verifying your email address..."
      done="Email verified"
      failure={() => authMessages.verificationFailed}
    />
  );
}
