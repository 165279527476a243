import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, PasswordField } from '../../../components/ui/input.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { login } from '../api/login.ts';
import { authTexts } from '../texts.ts';
import { loginRefusal } from '../utils/outcomes.ts';

type Errors = { email?: string; password?: string };

/** The Login tab: e-mail, password, Remember me and the Forgot password link. */
export function LoginForm({
  email,
  onEmailChange,
  onBanned,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onBanned: () => void;
}) {
  const { signIn } = useAuth();
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const rememberId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (email.trim() === '') found.email = authTexts.emailRequired;
    if (password === '') found.password = authTexts.passwordRequired;
    setErrors(found);
    if (found.email || found.password) return;

    setBusy(true);
    try {
      const user = await login({ email: email.trim(), password, rememberMe });
      if (user.isBanned) {
        onBanned();
        return;
      }
      toast.success(authTexts.loginSucceeded);
      signIn(user);
    } catch (error) {
      const outcome = loginRefusal(error);
      if (outcome.kind === 'banned') onBanned();
      else toast.error(outcome.title, { description: outcome.description });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={errors.email}
        required
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        required
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <input
            id={rememberId}
            type="checkbox"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-indigo-600"
          />
          <label htmlFor={rememberId} className="text-sm">
            Remember me
          </label>
        </div>
        <RouterLink to={paths.forgotPassword} className={`${textLinkClasses} text-sm`}>
          Forgot password?
        </RouterLink>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Loading...' : 'Sign in'}
      </Button>
    </form>
  );
}
