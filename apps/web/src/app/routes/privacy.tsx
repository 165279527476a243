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
          The site keeps a few things in your own browser. In its local storage: the signed-in user
          (key <code>user</code>: your account id, display name and e-mail address, and whether the
          account signs in with Google, is suspended or is an administrator), removed when you sign
          out, and whether you dismissed the dashboard’s quick start guide (key{' '}
          <code>quickStartPanelDismissed</code>). In its session storage, which lasts as long as the
          tab: the theme you chose (key <code>theme</code>) and whether the dashboard’s sidebar is
          collapsed (key <code>sidebarCollapsed</code>). Deleting your account clears the local
          storage.
        </p>
      </>
    ),
  },
  {
    title: 'What our servers record',
    body: (
      <p>
        Each session records the browser’s user agent, not its network address. To apply rate limits
        we count requests per network address, and sign-in attempts per account, for a minute to a
        day depending on the limit; the counts are then forgotten. Each API counts the calls made to
        its URL; the calls of a signed-in user’s APIs and projects are also logged for their owner
        (see the request inspector below), an anonymous API’s are not. Our server logs record
        requests (method, path without tokens, the network address it came from, status and timing)
        to keep the service running.
      </p>
    ),
  },
  {
    title: 'The request inspector',
    body: (
      <>
        <p>
          For each project whose logging is on (it is, until its owner turns it off), we log every
          call to the project’s URLs for its request inspector: the time, the method, the path, the
          query, the headers with their secrets masked (Authorization, Cookie, API keys and any
          header named like a secret, kept as •••• and their last 4 characters), up to 16 KB of the
          request body with its secrets masked the same way, the status, the response and the rule
          that answered, the latency and the delay added, the session name, and a salted hash of the
          caller’s network address, never the address itself.
        </p>
        <p>
          Only the project’s owner can see this log. Each call is kept 7 days, and at most the last
          1,000 calls of each project; the log is deleted with the project and with the account. The
          owner can clear it, or turn logging off for the project, on the project’s Requests page.
        </p>
        <p>
          A project’s analytics count its calls, whether logging is on or off: by minute, hour and
          day, by status, latency, route and caller (the caller as the same salted hash of its
          address). These counts hold no headers, bodies or queries; they are kept 90 days and
          deleted with the project.
        </p>
        <p>
          Each API of your account outside a project has its request inspector and analytics too:
          its calls are logged and counted the same way, with the same masking, and only its owner
          can see them. Each call is kept 7 days, and at most the last 1,000 calls of each API; the
          log and the counts are deleted with the API and with the account. The owner can clear the
          log on the API’s Requests page; an API’s logging cannot be turned off (move the API into a
          project to have the switch). The calls of an API created without an account are not
          logged.
        </p>
      </>
    ),
  },
  {
    title: 'The Templates Gallery and moderation',
    body: (
      <>
        <p>
          A template you make public is shown in the Templates Gallery, which anyone can read, with
          its name, description, category, tags, method, the template itself, its number of likes
          and your display name. Signed-in users can add a copy of it to their own APIs; those
          copies are theirs. Turning Make Public off or deleting the API takes it out of the gallery
          at once.
        </p>
        <p>
          When you like a template we store that you liked it; when you report one we store the
          reason, your note and that you sent it, for the administrators who review reports. What an
          administrator does (dismissing a report, unpublishing a template, suspending or restoring
          an account) is kept in a moderation log with the template’s name or the account’s e-mail
          address.
        </p>
      </>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <>
        <p>
          Your account, templates, call counts, history, likes and reports are kept until you delete
          your account. Deleting it (on the Account page) removes all of them and ends every session
          at once, and your APIs’ URLs stop answering immediately. The moderation log keeps its
          entries after the account or the template is gone.
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
        We do not sell or share your data. What you make public in the Templates Gallery is shown as
        described above. Mail is sent through our mail provider.
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
