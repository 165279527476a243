import { authMessages, MIN_PASSWORD_LENGTH } from '@mocksmith/core/texts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, PasswordField } from '../../../components/ui/input.tsx';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import type { RegisterFormOutput, RegisterFormValues } from '../schemas.ts';
import { authTexts } from '../texts.ts';
import { failureWithReason } from '../utils/outcomes.ts';

const resolver = lazyResolver(() =>
  import('../schemas.ts').then((rules) => rules.registerResolver),
);

/** The Register tab: name, e-mail, password twice. Success mails the verification link. */
export function RegisterForm({
  email,
  onEmailChange,
  onRegistered,
}: {
  /** The address typed on either tab, kept when switching. */
  email: string;
  onEmailChange: (email: string) => void;
  /** After success, with the address registered (the Login tab opens with it). */
  onRegistered: (email: string) => void;
}) {
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver,
    defaultValues: { username: '', email, password: '', confirmPassword: '' },
  });

  async function handleRegister({ username, email: address, password }: RegisterFormOutput) {
    try {
      await registration.mutateAsync({ username, email: address, password });
      toast.success(authMessages.registered);
      onRegistered(address);
    } catch (error) {
      setServerErrors(error, setError, {
        username: 'username',
        email: 'email',
        password: 'password',
      });
      const outcome = failureWithReason(error, authTexts.registrationFailed);
      if (outcome.kind === 'toast') {
        toast.error(outcome.title, { description: outcome.description });
      }
    }
  }

  return (
    <form
      onSubmit={handleSubmit(handleRegister)}
      onFocus={resolver.preload}
      noValidate
      className="space-y-4"
    >
      <Field
        label="Name"
        autoComplete="name"
        error={errors.username?.message}
        required
        {...register('username')}
      />
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
      <p className="text-xs text-slate-600 dark:text-slate-400">
        At least {MIN_PASSWORD_LENGTH} characters. We will send a link to confirm your address.
      </p>
      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? 'Loading...' : 'Create account'}
      </Button>
    </form>
  );
}
