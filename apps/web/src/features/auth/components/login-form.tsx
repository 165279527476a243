import type { LoginInput } from '@mocksmith/core/auth';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, PasswordField } from '../../../components/ui/input.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useLogin } from '../api/login.ts';
import type { LoginFormValues } from '../schemas.ts';
import { authTexts } from '../texts.ts';
import { loginRefusal } from '../utils/outcomes.ts';

const resolver = lazyResolver(() => import('../schemas.ts').then((rules) => rules.loginResolver));

/** The Login tab: e-mail, password, Remember me and the Forgot password link. */
export function LoginForm({
  email,
  onEmailChange,
  onBanned,
}: {
  /** The address typed on either tab, kept when switching. */
  email: string;
  onEmailChange: (email: string) => void;
  onBanned: () => void;
}) {
  const login = useLogin();
  const rememberId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, LoginInput>({
    resolver,
    defaultValues: { email, password: '', rememberMe: false },
  });

  async function handleLogin(values: LoginInput) {
    try {
      const user = await login.mutateAsync(values);
      if (user.isBanned) onBanned();
      else toast.success(authTexts.loginSucceeded);
    } catch (error) {
      setServerErrors(error, setError, { email: 'email', password: 'password' });
      const outcome = loginRefusal(error);
      if (outcome.kind === 'banned') onBanned();
      else toast.error(outcome.title, { description: outcome.description });
    }
  }

  return (
    <form
      onSubmit={handleSubmit(handleLogin)}
      onFocus={resolver.preload}
      noValidate
      className="space-y-4"
    >
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        required
        {...register('email', { onChange: (event) => onEmailChange(event.target.value) })}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        required
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <input
            id={rememberId}
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-indigo-600"
            {...register('rememberMe')}
          />
          <label htmlFor={rememberId} className="text-sm">
            Remember me
          </label>
        </div>
        <RouterLink to={paths.forgotPassword} className={`${textLinkClasses} text-sm`}>
          Forgot password?
        </RouterLink>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Loading...' : 'Sign in'}
      </Button>
    </form>
  );
}
