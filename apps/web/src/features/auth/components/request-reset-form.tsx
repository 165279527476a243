import type { ForgotPasswordInput } from '@mocksmith/core/auth';
import { ErrorCode } from '@mocksmith/core/errors';
import { authMessages } from '@mocksmith/core/texts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import type { RequestResetFormValues } from '../schemas.ts';
import { authTexts } from '../texts.ts';
import { failureWithReason } from '../utils/outcomes.ts';

/** How long the Google-account notice stays before the page goes to /auth (spec: 5 s). */
export const GOOGLE_ACCOUNT_REDIRECT_MS = 5000;

const resolver = lazyResolver(() =>
  import('../schemas.ts').then((rules) => rules.requestResetResolver),
);

type Notice = { tone: 'success' | 'info' | 'error'; text: string };

const toneClasses: Record<Notice['tone'], string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  error:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

/**
 * The e-mail form of /forgot-password (`variant` forgot) and of the alternate /request-reset.
 * On the forgot screen an account that signs in with Google gets the server's notice and goes to
 * /auth after 5 s.
 */
export function RequestResetForm({ variant }: { variant: 'forgot' | 'request' }) {
  const navigate = useNavigate();
  const request = useRequestPasswordReset(variant);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RequestResetFormValues, unknown, ForgotPasswordInput>({
    resolver,
    defaultValues: { email: '' },
  });

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate(paths.auth), GOOGLE_ACCOUNT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirecting, navigate]);

  async function handleRequest({ email }: ForgotPasswordInput) {
    try {
      const { message } = await request.mutateAsync(email);
      setNotice({ tone: 'success', text: message });
      toast.success(message);
    } catch (caught) {
      setServerErrors(caught, setError, { email: 'email' });
      if (caught instanceof ApiError && caught.code === ErrorCode.GOOGLE_ACCOUNT) {
        const text = toUserMessage(caught, authMessages.googleAccountNoPassword);
        setNotice({ tone: 'info', text });
        toast.info(text);
        setRedirecting(true);
      } else {
        const outcome = failureWithReason(
          caught,
          variant === 'forgot' ? authTexts.forgotFailed : authTexts.requestResetFailed,
        );
        if (outcome.kind === 'toast') {
          const { title, description } = outcome;
          setNotice({ tone: 'error', text: description ? `${title} ${description}` : title });
          toast.error(title, { description });
        }
      }
    }
  }

  return (
    <form
      onSubmit={handleSubmit(handleRequest)}
      onFocus={resolver.preload}
      noValidate
      className="space-y-4"
    >
      {notice ? (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`rounded-md border p-3 text-sm ${toneClasses[notice.tone]}`}
        >
          {notice.text}
        </p>
      ) : null}
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        required
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={request.isPending || redirecting}>
        {request.isPending ? 'Loading...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <RouterLink to={paths.auth} className={textLinkClasses}>
          Back to Login
        </RouterLink>
      </p>
    </form>
  );
}
