import { authMessages, MIN_PASSWORD_LENGTH } from '@mocksmith/core/auth';
import { ErrorCode } from '@mocksmith/core/errors';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { changePassword } from '../api/change-password.ts';
import { accountTexts } from '../texts.ts';
import { SettingsCard } from './settings-card.tsx';

type Errors = { current?: string; next?: string; confirm?: string };

/**
 * Password Management: for a Google account only the notice that Google manages it; otherwise
 * the current password and the new one twice. Success clears the three fields.
 */
export function PasswordCard() {
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !user) return;
    const found: Errors = {};
    if (current === '') found.current = accountTexts.fieldRequired('Current Password');
    if (next === '') found.next = accountTexts.fieldRequired('New Password');
    else if (next.length < MIN_PASSWORD_LENGTH) found.next = authMessages.passwordTooShort;
    if (confirm === '') found.confirm = accountTexts.fieldRequired('Confirm New Password');
    else if (next !== '' && next !== confirm) found.confirm = accountTexts.passwordsDontMatch;
    setErrors(found);
    if (found.confirm === accountTexts.passwordsDontMatch)
      toast.error(accountTexts.passwordsDontMatch);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    try {
      await changePassword({ userId: user.userId, currentPassword: current, newPassword: next });
      toast.success(authMessages.passwordUpdated);
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (error) {
      const reason = error instanceof ApiError && error.status === 400 ? error.message : undefined;
      if (error instanceof ApiError && error.code === ErrorCode.INVALID_PASSWORD) {
        setErrors({ current: error.message });
      }
      toast.error(accountTexts.updateFailed, { description: reason });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      title="Password Management"
      icon={KeyRound}
      iconClassName="text-indigo-600 dark:text-indigo-400"
    >
      {user?.isGoogle ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{authMessages.googleManaged}</p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="mt-4 max-w-md space-y-4">
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            error={errors.current}
            required
          />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            error={errors.next}
            required
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={errors.confirm}
            required
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      )}
    </SettingsCard>
  );
}
