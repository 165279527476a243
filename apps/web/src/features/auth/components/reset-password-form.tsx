import { authMessages, MIN_PASSWORD_LENGTH } from '@mocksmith/core/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, PasswordField } from '../../../components/ui/input.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { resetPassword } from '../api/reset-password.ts';
import { authTexts } from '../texts.ts';
import { failureWithReason } from '../utils/outcomes.ts';

/** How long the success message stays before the page goes to /auth (spec: 2 s). */
export const RESET_REDIRECT_MS = 2000;

/** The two password fields of /reset-password/{token}; success goes to /auth after 2 s. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.auth), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    const found: { password?: string; confirm?: string } = {};
    if (password.length < MIN_PASSWORD_LENGTH) found.password = authMessages.passwordTooShort;
    else if (password !== confirm) found.confirm = authTexts.passwordsDontMatch;
    setErrors(found);
    if (found.password || found.confirm) return;

    setBusy(true);
    setFailure(null);
    try {
      await resetPassword({ token, password });
      toast.success(authMessages.passwordReset);
      setDone(true);
    } catch (error) {
      const outcome = failureWithReason(error, authTexts.resetFailed);
      if (outcome.kind === 'toast') {
        setFailure(outcome.description ? `${outcome.title} ${outcome.description}` : outcome.title);
        toast.error(outcome.title, { description: outcome.description });
      }
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p
        role="status"
        className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {authMessages.passwordReset} Taking you to the login page...
      </p>
    );
  }
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {failure ? <FieldError>{failure}</FieldError> : null}
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        required
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm}
        required
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Loading...' : 'Reset Password'}
      </Button>
      <p className="text-center text-sm">
        <RouterLink to={paths.forgotPassword} className={textLinkClasses}>
          Request a new link
        </RouterLink>
      </p>
    </form>
  );
}
