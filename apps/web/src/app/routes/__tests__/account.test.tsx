// @vitest-environment happy-dom
import { authMessages } from '@mocksmith/core/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/data.ts';
import { expectFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { recordCalls, server } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import AccountRoute from '../account.tsx';

function renderAccountPage() {
  return renderApp(
    [
      { element: <RequireAuth />, children: [{ path: '/account', element: <AccountRoute /> }] },
      { path: '/', element: <h1>Home</h1> },
      { path: '/auth', element: <h1>Login page</h1> },
    ],
    { at: '/account', user: testUser },
  );
}

describe('the account page', () => {
  it('checks the password form beside its fields, then changes the password and clears it', async () => {
    const calls = recordCalls('put', backend('/user/password'), () =>
      HttpResponse.json({ message: authMessages.passwordUpdated }),
    );
    const { user } = renderAccountPage();
    const card = within(await screen.findByRole('region', { name: 'Password Management' }));
    const current = card.getByLabelText('Current Password') as HTMLInputElement;
    const next = card.getByLabelText('New Password') as HTMLInputElement;
    const confirm = card.getByLabelText('Confirm New Password') as HTMLInputElement;

    await user.click(card.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expectFieldError(current, 'Current Password is required'));
    expectFieldError(next, 'New Password is required');
    expectFieldError(confirm, 'Confirm New Password is required');

    await user.type(current, 'correct-horse');
    await user.type(next, 'changed-password-1');
    await user.type(confirm, 'changed-password-2');
    await user.click(card.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expectFieldError(confirm, 'New passwords do not match'));
    // Spec: shown as an error toast too, and no call is made.
    // The toast comes once its library has loaded (on the first toast).
    await waitFor(() => expect(screen.getAllByText('New passwords do not match')).toHaveLength(2));
    expect(calls).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'changed-password-1');
    await user.click(card.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(authMessages.passwordUpdated)).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      userId: testUser.userId,
      currentPassword: 'correct-horse',
      newPassword: 'changed-password-1',
    });
    await waitFor(() => expect(current.value).toBe(''));
    expect(next.value).toBe('');
    expect(confirm.value).toBe('');
  });

  it('shows a wrong current password beside that field', async () => {
    recordCalls('put', backend('/user/password'), () =>
      errorAnswer(400, 'INVALID_PASSWORD', authMessages.currentPasswordWrong),
    );
    const { user } = renderAccountPage();
    const card = within(await screen.findByRole('region', { name: 'Password Management' }));
    const current = card.getByLabelText('Current Password');
    await user.type(current, 'not-my-password');
    await user.type(card.getByLabelText('New Password'), 'changed-password-1');
    await user.type(card.getByLabelText('Confirm New Password'), 'changed-password-1');
    await user.click(card.getByRole('button', { name: 'Update Password' }));

    await waitFor(() => expectFieldError(current, authMessages.currentPasswordWrong));
    expect(await screen.findByText('Failed to update password')).toBeTruthy();
  });

  it('deletes the account after the confirmation and leaves for the home page', async () => {
    server.use(
      http.delete(backend('/user/:userId'), () =>
        HttpResponse.json({ message: authMessages.accountDeleted }),
      ),
    );
    window.localStorage.setItem('quickStartPanelDismissed', 'true');
    const { user } = renderAccountPage();
    const card = within(await screen.findByRole('region', { name: 'Account Management' }));
    await user.click(card.getByRole('button', { name: 'Delete My Account' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(window.localStorage.length).toBe(0);
    // Arrived home, the visitor is told what happened.
    expect(
      await screen.findByText('Your account and all its data have been deleted.'),
    ).toBeTruthy();
  });
});
