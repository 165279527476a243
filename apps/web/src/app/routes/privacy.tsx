import { LegalPage, type LegalSection } from '../../components/layouts/legal-page.tsx';
import { site } from '../../config/site.ts';

/** What Mocksmith stores, why and for how long: true to what the code does. */
const sections: readonly LegalSection[] = [
  {
    title: 'Your account',
    body: (
      <>
        <p>
          When you sign up we store your name, your e-mail address, whether you confirmed it, and a
          salted hash of your password (never the password itself). When you sign in with Google we
          store the Google account id and the tokens Google returns at sign-in, and no password.
        </p>
        <p>
          We use your address only for the mails of your account: confirming it, resetting your
          password, and telling you when someone tries to register it again.
        </p>
      </>
    ),
  },
  {
    title: 'Your templates and APIs',
    body: (
      <p>
        We store each template you save with its settings (name, description, method, custom
        endpoint, delay, status code, bearer token, response headers, sharing choices and tags), how
        many times its URL was called, and a history of its creation, changes and deletion, shown in
        your dashboard. Anyone with an API’s URL can call it, and a protected API also needs its
        token. APIs created from the home page without an account have no owner.
      </p>
    ),
  },
  {
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          Signing in sets one cookie, the session cookie, which the page’s scripts cannot read.
          Without “Remember me” it ends when you close the browser; with it, it lasts 30 days and is
          renewed while you use the service. Signing out ends the session on our side at once. We
          set no advertising or tracking cookies.
        </p>
        <p>
          The site keeps a few settings in your own browser: your signed-in user’s name and e-mail
          (local storage, key <code>user</code>), whether you dismissed the dashboard’s quick start
          guide, and, for the current session only, the theme and the sidebar state.
        </p>
      </>
    ),
  },
  {
    title: 'What our servers record',
    body: (
      <p>
        Each session records the browser’s user agent. To apply rate limits we count requests per
        network address for a few minutes at most; the counts are then forgotten. Our server logs
        record requests (method, path, status and timing) to keep the service running.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <>
        <p>
          Your account, templates, call counts and history are kept until you delete your account.
          Deleting it (on the Account page) removes all of them and ends every session at once, and
          your APIs’ URLs stop answering immediately.
        </p>
        <p>
          Sessions expire after a day without “Remember me” and 30 days with it. Verification links
          expire after 24 hours and password reset links after one hour; both work once.
        </p>
      </>
    ),
  },
  {
    title: 'Sharing',
    body: (
      <p>
        We do not sell or share your data. A template you choose to make public is shown (once the
        Templates Gallery opens) to other users with its name, description, category, tags and your
        display name. Mail is sent through our mail provider.
      </p>
    ),
  },
  {
    title: 'Your choices',
    body: (
      <p>
        You can change your password and delete your account at any time from the Account page. To
        ask what we hold about you, or to have an API created without an account removed, write to
        us.
      </p>
    ),
  },
];

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`What ${site.name} stores about you, why, and for how long.`}
      sections={sections}
    />
  );
}
