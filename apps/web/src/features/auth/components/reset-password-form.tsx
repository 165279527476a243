import { authMessages } from '@mocksmith/core/texts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, PasswordField } from '../../../components/ui/input.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import type { ResetPasswordFormOutput, ResetPasswordFormValues } from '../schemas.ts';
import { authTexts } from '../texts.ts';
import { failureWithReason } from '../utils/outcomes.ts';

/** How long the success message stays before the page goes to /auth (spec: 2 s). */
export const RESET_REDIRECT_MS = 2000;

const resolver = lazyResolver(() =>
  import('../schemas.ts').then((rules) => rules.resetPasswordResolver),
);

/** The two password fields of /reset-password/{token}; success goes to /auth after 2 s. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues, unknown, ResetPasswordFormOutput>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const done = reset.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.auth), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function handleReset({ password }: ResetPasswordFormOutput) {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password });
      toast.success(authMessages.passwordReset);
    } catch (error) {
      setServerErrors(error, setError, { password: 'password' });
      const outcome = failureWithReason(error, authTexts.resetFailed);
      if (outcome.kind === 'toast') {
        setFailure(outcome.description ? `${outcome.title} ${outcome.description}` : outcome.title);
        toast.error(outcome.title, { description: outcome.description });
      }
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
    <form
      onSubmit={handleSubmit(handleReset)}
      onFocus={resolver.preload}
      noValidate
      className="space-y-4"
    >
      {failure ? <FieldError>{failure}</FieldError> : null}
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        error={errors.password?.message}
        required
        {...register('password')}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        required
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Loading...' : 'Reset Password'}
      </Button>
      <p className="text-center text-sm">
        <RouterLink to={paths.forgotPassword} className={textLinkClasses}>
          Request a new link
        </RouterLink>
      </p>
    </form>
  );
}
