/** The account mails: plain text with the link on a line of its own, and the same as HTML. */
import type { Mail } from '../../lib/mailer.ts';

interface Recipient {
  email: string;
  name: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A mail of a greeting, paragraphs and one call to action. */
function compose(
  to: Recipient,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): Mail {
  const greeting = `Hello ${to.name || to.email},`;
  const text = [greeting, ...paragraphs, `${action.label}:\n${action.url}`, '— Mocksmith'].join(
    '\n\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="color:#64748b">If the button does not work, open ${escapeHtml(action.url)}</p>`,
    '<p>— Mocksmith</p>',
  ].join('\n');
  return { to: to.email, subject, text, html };
}

/** The mails of the account flows, with links to the web app at `origin`. */
export function accountMails(origin: string) {
  return {
    verifyEmail: (to: Recipient, token: string) =>
      compose(
        to,
        'Confirm your e-mail address for Mocksmith',
        [
          'Thanks for signing up. Confirm your e-mail address to start creating mock APIs.',
          'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
        ],
        { label: 'Confirm my e-mail address', url: `${origin}/verify-email/${token}` },
      ),

    resetPassword: (to: Recipient, token: string) =>
      compose(
        to,
        'Reset your Mocksmith password',
        [
          'Someone (hopefully you) asked to reset the password of your Mocksmith account.',
          'The link works once and expires in 1 hour. Setting a new password signs you out everywhere. If you did not ask, ignore this mail: your password stays as it is.',
        ],
        { label: 'Choose a new password', url: `${origin}/reset-password/${token}` },
      ),

    alreadyRegistered: (to: Recipient) =>
      compose(
        to,
        'You already have a Mocksmith account',
        [
          'Someone tried to create a Mocksmith account with this e-mail address, which already has one. No new account was made.',
          'If it was you, sign in instead, or reset your password if you forgot it. If it was not you, you can ignore this mail.',
        ],
        { label: 'Sign in', url: `${origin}/auth` },
      ),

    unlockSignIn: (to: Recipient, token: string) =>
      compose(
        to,
        'Sign in to Mocksmith from a new device',
        [
          'Someone entered wrong passwords for your Mocksmith account many times, so it now refuses sign-ins from devices it does not know. Devices you signed in from before still get in.',
          'To sign in from another browser, open this link in it, then sign in as usual. The link works once and expires in 1 hour. If you are not trying to sign in, ignore this mail; you may want to choose a stronger password.',
        ],
        { label: 'Let this browser sign in', url: `${origin}/unlock-sign-in/${token}` },
      ),

    googleAccountReset: (to: Recipient) =>
      compose(
        to,
        'Your Mocksmith account uses Google Sign-In',
        [
          'Someone asked to reset the password of your Mocksmith account. Your account signs in with Google and has no password to reset.',
        ],
        { label: 'Sign in with Google', url: `${origin}/auth` },
      ),
  };
}
