// @vitest-environment happy-dom
import type { SessionUser } from '@mocksmith/core/auth';
import { authMessages } from '@mocksmith/core/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/data.ts';
import { expectFieldError, expectNoFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { recordCalls } from '../../../testing/server.ts';
import { GuestOnly } from '../../guards.tsx';
import AuthRoute from '../auth.tsx';

function renderAuthPage() {
  return renderApp(
    [
      { element: <GuestOnly />, children: [{ path: '/auth', element: <AuthRoute /> }] },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { at: '/auth' },
  );
}

describe('the Login tab', () => {
  it('signs in, says so, stores the user and goes on to the dashboard', async () => {
    const calls = recordCalls('post', backend('/user/login'), async () => {
      await delay(30);
      return HttpResponse.json<SessionUser>(testUser);
    });
    const { user } = renderAuthPage();
    const login = within(await screen.findByRole('tabpanel', { name: 'Login' }));
    await user.type(login.getByLabelText('Email'), ' Ada@Example.test ');
    await user.type(login.getByLabelText('Password'), 'correct-horse');
    await user.click(login.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(login.getByRole('button', { name: 'Sign in' }));

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      email: 'ada@example.test',
      password: 'correct-horse',
      rememberMe: true,
    });
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(testUser);
  });

  it('says which field is missing before calling', async () => {
    const calls = recordCalls('post', backend('/user/login'), () => HttpResponse.json(testUser));
    const { user } = renderAuthPage();
    const login = within(await screen.findByRole('tabpanel', { name: 'Login' }));
    await user.click(login.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expectFieldError(login.getByLabelText('Email'), 'Email is required'));
    expectFieldError(login.getByLabelText('Password'), 'Password is required');
    expect(calls).toEqual([]);
  });

  it('shows the spec’s text when the credentials are refused', async () => {
    recordCalls('post', backend('/user/login'), () =>
      errorAnswer(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
    );
    const { user } = renderAuthPage();
    const login = within(await screen.findByRole('tabpanel', { name: 'Login' }));
    await user.type(login.getByLabelText('Email'), 'ada@example.test');
    await user.type(login.getByLabelText('Password'), 'wrong-password');
    await user.click(login.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeTruthy();
    expect(login.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});

describe('the Register tab', () => {
  async function openRegister(user: ReturnType<typeof renderAuthPage>['user']) {
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    return within(await screen.findByRole('tabpanel', { name: 'Register' }));
  }

  it('shows an invalid e-mail and mismatched passwords beside their fields, at once', async () => {
    const calls = recordCalls('post', backend('/user/register'), () =>
      HttpResponse.json({ message: 'ok' }),
    );
    const { user } = renderAuthPage();
    const register = await openRegister(user);
    await user.type(register.getByLabelText('Name'), 'Ada');
    await user.type(register.getByLabelText('Email'), 'not-an-address');
    await user.type(register.getByLabelText('Password'), 'correct-horse');
    await user.type(register.getByLabelText('Confirm Password'), 'correct-horses');
    await user.click(register.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expectFieldError(register.getByLabelText('Email'), 'email must be a valid e-mail address'),
    );
    expectFieldError(register.getByLabelText('Confirm Password'), "Passwords don't match!");
    expectNoFieldError(register.getByLabelText('Name'));
    expectNoFieldError(register.getByLabelText('Password'));
    expect(calls).toEqual([]);

    // The name is required too, and a short password is refused with core's text.
    await user.clear(register.getByLabelText('Name'));
    await user.clear(register.getByLabelText('Password'));
    await user.type(register.getByLabelText('Password'), 'short');
    await user.click(register.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expectFieldError(register.getByLabelText('Name'), 'Name is required'));
    expectFieldError(register.getByLabelText('Password'), authMessages.passwordTooShort);
    expect(calls).toEqual([]);
  });

  it('registers, says to check the mail, and opens the Login tab with the address', async () => {
    const calls = recordCalls('post', backend('/user/register'), () =>
      HttpResponse.json({ message: authMessages.registered }, { status: 201 }),
    );
    const { user } = renderAuthPage();
    const register = await openRegister(user);
    await user.type(register.getByLabelText('Name'), ' Ada Lovelace ');
    await user.type(register.getByLabelText('Email'), 'ada@example.test');
    await user.type(register.getByLabelText('Password'), 'correct-horse');
    await user.type(register.getByLabelText('Confirm Password'), 'correct-horse');
    await user.click(register.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(authMessages.registered)).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      username: 'Ada Lovelace',
      email: 'ada@example.test',
      password: 'correct-horse',
    });
    const login = within(await screen.findByRole('tabpanel', { name: 'Login' }));
    expect((login.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.test');
  });

  it('puts the server’s reason for a refused field beside it', async () => {
    const reason = 'email must be a valid e-mail address';
    recordCalls('post', backend('/user/register'), () =>
      errorAnswer(400, 'VALIDATION_FAILED', `email: ${reason}`, {
        issues: [{ path: '$.email', message: reason }],
      }),
    );
    const { user } = renderAuthPage();
    const register = await openRegister(user);
    await user.type(register.getByLabelText('Name'), 'Ada');
    await user.type(register.getByLabelText('Email'), 'ada@example.test');
    await user.type(register.getByLabelText('Password'), 'correct-horse');
    await user.type(register.getByLabelText('Confirm Password'), 'correct-horse');
    await user.click(register.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expectFieldError(register.getByLabelText('Email'), reason));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeTruthy();
  });
});
