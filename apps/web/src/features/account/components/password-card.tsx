import { ErrorCode } from '@mocksmith/core/errors';
import { authMessages } from '@mocksmith/core/texts';
import { KeyRound } from 'lucide-react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useChangePassword } from '../api/change-password.ts';
import type {
  ChangePasswordFormOutput,
  ChangePasswordFormValues,
} from '../change-password-form.ts';
import { accountTexts } from '../texts.ts';
import { SettingsCard } from './settings-card.tsx';

const resolver = lazyResolver(() =>
  import('../change-password-form.ts').then((form) => form.changePasswordResolver),
);

const EMPTY: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * Password Management: for a Google account only the notice that Google manages it; otherwise
 * the current password and the new one twice. Success clears the three fields.
 */
export function PasswordCard({ isGoogle }: { isGoogle: boolean }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormValues, unknown, ChangePasswordFormOutput>({
    resolver,
    defaultValues: EMPTY,
  });

  async function handleChange({ currentPassword, newPassword }: ChangePasswordFormOutput) {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      toast.success(authMessages.passwordUpdated);
      reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.INVALID_PASSWORD) {
        setError('currentPassword', {
          type: 'server',
          message: toUserMessage(error, authMessages.currentPasswordWrong),
        });
      } else {
        setServerErrors(error, setError, {
          currentPassword: 'currentPassword',
          newPassword: 'newPassword',
        });
      }
      // A refused password (400) says why under the spec's text.
      const reason =
        error instanceof ApiError && error.status === 400 ? toUserMessage(error, '') : '';
      toast.error(accountTexts.updateFailed, { description: reason || undefined });
    }
  }

  function handleInvalid(found: FieldErrors<ChangePasswordFormValues>) {
    // Spec: the mismatch is an error shown at once, beside the field and as a toast.
    if (found.confirmPassword?.message === accountTexts.passwordsDontMatch) {
      toast.error(accountTexts.passwordsDontMatch);
    }
  }

  return (
    <SettingsCard
      title="Password Management"
      icon={KeyRound}
      iconClassName="text-indigo-600 dark:text-indigo-400"
    >
      {isGoogle ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{authMessages.googleManaged}</p>
      ) : (
        <form
          onSubmit={handleSubmit(handleChange, handleInvalid)}
          onFocus={resolver.preload}
          noValidate
          className="mt-4 max-w-md space-y-4"
        >
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            required
            {...register('currentPassword')}
          />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            required
            {...register('newPassword')}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            required
            {...register('confirmPassword')}
          />
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      )}
    </SettingsCard>
  );
}
