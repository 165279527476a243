import { authMessages, MIN_PASSWORD_LENGTH } from '@mocksmith/core/auth';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, PasswordField } from '../../../components/ui/input.tsx';
import { register } from '../api/register.ts';
import { authTexts } from '../texts.ts';
import { failureWithReason } from '../utils/outcomes.ts';

type Errors = { name?: string; email?: string; password?: string; confirm?: string };

/** The Register tab: name, e-mail, password twice. Success mails the verification link. */
export function RegisterForm({
  email,
  onEmailChange,
  onRegistered,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onRegistered: () => void;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (name.trim() === '') found.name = authTexts.nameRequired;
    if (email.trim() === '') found.email = authTexts.emailRequired;
    if (password.length < MIN_PASSWORD_LENGTH) found.password = authMessages.passwordTooShort;
    else if (password !== confirm) found.confirm = authTexts.passwordsDontMatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    try {
      await register({ username: name.trim(), email: email.trim(), password });
      toast.success(authMessages.registered);
      setPassword('');
      setConfirm('');
      onRegistered();
    } catch (error) {
      const outcome = failureWithReason(error, authTexts.registrationFailed);
      if (outcome.kind === 'toast')
        toast.error(outcome.title, { description: outcome.description });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field
        label="Name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        required
      />
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
      <p className="text-xs text-slate-600 dark:text-slate-400">
        At least {MIN_PASSWORD_LENGTH} characters. We will send a link to confirm your address.
      </p>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Loading...' : 'Create account'}
      </Button>
    </form>
  );
}
