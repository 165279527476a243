// @vitest-environment happy-dom
import { authMessages } from '@mocksmith/core/texts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { recordCalls } from '../../../testing/server.ts';
import ForgotPasswordRoute from '../forgot-password.tsx';
import RequestResetRoute from '../request-reset.tsx';
import ResetPasswordRoute from '../reset-password.tsx';

function renderAt(at: string) {
  return renderApp(
    [
      { path: '/forgot-password', element: <ForgotPasswordRoute /> },
      { path: '/request-reset', element: <RequestResetRoute /> },
      { path: '/reset-password/:token', element: <ResetPasswordRoute /> },
      { path: '/auth', element: <h1>Login page</h1> },
    ],
    { at },
  );
}

describe('/forgot-password and /request-reset', () => {
  it('asks for the address, then says what happens next', async () => {
    const calls = recordCalls('post', backend('/user/forgot-password'), () =>
      HttpResponse.json({ message: authMessages.forgotPasswordSent }),
    );
    const { user } = renderAt('/forgot-password');
    const email = await screen.findByLabelText('Email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expectFieldError(email, 'Email is required'));
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expectFieldError(email, 'email must be a valid e-mail address'));
    expect(calls).toEqual([]);

    await user.clear(email);
    await user.type(email, 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const status = await screen.findAllByText(authMessages.forgotPasswordSent);
    expect(status.length).toBeGreaterThan(0);
    expect(calls[0]?.body).toEqual({ email: 'ada@example.test' });
  });

  it('answers with its own text on the alternate screen', async () => {
    recordCalls('post', 'http://localhost:3000/api/user/request-password-reset', () =>
      HttpResponse.json({ message: authMessages.resetRequested }),
    );
    const { user } = renderAt('/request-reset');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findAllByText(authMessages.resetRequested)).length).toBeGreaterThan(0);
  });
});

describe('/reset-password/{token}', () => {
  const resetUrl = 'http://localhost:3000/api/user/reset-password';

  it('checks the two passwords beside their fields before calling', async () => {
    const calls = recordCalls('post', resetUrl, () => HttpResponse.json({ message: 'ok' }));
    const { user } = renderAt('/reset-password/tok123');
    const password = await screen.findByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm Password');
    await user.type(password, 'a-new-password-2');
    await user.type(confirm, 'a-new-password-3');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expectFieldError(confirm, "Passwords don't match!"));

    await user.clear(password);
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expectFieldError(password, authMessages.passwordTooShort));
    expect(calls).toEqual([]);
  });

  it('sets the new password, says so and goes to the login page', async () => {
    const calls = recordCalls('post', resetUrl, () =>
      HttpResponse.json({ message: authMessages.passwordReset }),
    );
    const { user } = renderAt('/reset-password/tok123');
    await user.type(await screen.findByLabelText('New Password'), 'a-new-password-2');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect((await screen.findAllByText(/Password successfully reset\./)).length).toBeGreaterThan(0);
    expect(calls[0]?.body).toEqual({ token: 'tok123', password: 'a-new-password-2' });
    expect(
      await screen.findByRole('heading', { name: 'Login page' }, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('shows the server’s reason for the password beside it', async () => {
    const reason = authMessages.passwordTooLong;
    recordCalls('post', resetUrl, () =>
      errorAnswer(400, 'VALIDATION_FAILED', `password: ${reason}`, {
        issues: [{ path: '$.password', message: reason }],
      }),
    );
    const { user } = renderAt('/reset-password/tok123');
    const password = await screen.findByLabelText('New Password');
    await user.type(password, 'a-new-password-2');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expectFieldError(password, reason));
    expect((await screen.findAllByText(/Failed to reset password\./)).length).toBeGreaterThan(0);
  });
});
