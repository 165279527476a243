import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useGoogleCallback } from '../hooks/use-google-callback.ts';
import { GoogleButton } from './google-button.tsx';
import { GoogleOverlay } from './google-overlay.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** Loaded when shown: the dialog library's code is not the sign-in form's. */
const BannedDialog = lazy(() =>
  import('./banned-dialog.tsx').then((module) => ({ default: module.BannedDialog })),
);

type Tab = 'login' | 'register';

/**
 * The /auth screen's panel: Login and Register tabs (`?tab=register` opens the second), the
 * Google button and its overlay, and the Account Banned dialog. A successful sign-in stores the
 * user; the route's guard then moves on to the dashboard.
 */
export function AuthPanel() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'register' ? 'register' : 'login');
  const [email, setEmail] = useState('');
  const [banned, setBanned] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const showBanned = useCallback(() => setBanned(true), []);
  const returned = useCallback(() => setLeaving(false), []);
  const finishingGoogle = useGoogleCallback(showBanned);

  return (
    <div className="space-y-6">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Sign in or create an account" className="flex w-full">
          <TabsTrigger value="login" className="flex-1">
            Login
          </TabsTrigger>
          <TabsTrigger value="register" className="flex-1">
            Register
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="pt-5">
          <LoginForm email={email} onEmailChange={setEmail} onBanned={showBanned} />
        </TabsContent>
        <TabsContent value="register" className="pt-5">
          <RegisterForm
            email={email}
            onEmailChange={setEmail}
            onRegistered={(registered) => {
              setEmail(registered);
              setTab('login');
            }}
          />
        </TabsContent>
      </Tabs>
      <div className="flex items-center gap-3 text-sm text-slate-500 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <GoogleButton onLeave={() => setLeaving(true)} onReturn={returned} />
      {leaving || finishingGoogle ? <GoogleOverlay /> : null}
      {banned ? (
        <Suspense fallback={null}>
          <BannedDialog open onOpenChange={setBanned} />
        </Suspense>
      ) : null}
    </div>
  );
}
