import { Link as RouterLink } from 'react-router';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { docsAnchors, paths } from '../../../config/paths.ts';
import { backendExamples } from '../lib/backend-examples.ts';
import { MAX_API_KEYS } from '../lib/facts.ts';
import { CurlBlock } from './curl-block.tsx';
import { BulletList, Code, DocSection, SectionLink } from './doc-section.tsx';

/** Personal API keys: the management API from a terminal or CI, as the examples below use it. */
export function ApiKeysSection({ origin, appOrigin }: { origin: string; appOrigin: string }) {
  const examples = backendExamples({ app: appOrigin, mock: origin });
  return (
    <DocSection anchor={docsAnchors.apiKeys}>
      <p>
        Everything the dashboard does with your projects, a program can do over the management API (
        <Code>{`${appOrigin}/backend/...`}</Code>, described at{' '}
        <a href="/backend/docs" className={textLinkClasses}>
          the API reference
        </a>
        ). A script or a CI job signs in with a personal key instead of a session: create one on the{' '}
        <RouterLink to={paths.account} className={textLinkClasses}>
          Account page
        </RouterLink>{' '}
        under <strong>API keys</strong>, give it a name (such as “GitHub Actions”) and copy it: it
        is shown once. Keep it in your shell, or in your CI’s secrets:
      </p>
      <CodeBlock
        code="export MOCKSMITH_KEY=mks_your_key_here"
        label="Keep the key in the shell (shell)"
        copyLabel="Copy the export line"
      />
      <p>
        Send it as <Code>Authorization: Bearer mks_…</Code>. The commands of the sections below use
        it, in the order they are written:
      </p>
      <CurlBlock example={examples.apiKeys.list} />
      <BulletList>
        <li>
          A key acts as you: your projects, routes, collections, sessions and resets, the request
          log and OpenAPI imports. It cannot change your password, delete your account or manage
          keys, and never acts as an administrator.
        </li>
        <li>
          A wrong, revoked or unknown key answers <Code>401</Code>; once your account is suspended,{' '}
          <Code>403</Code>. Revoke a key on the Account page: it stops at once.
        </li>
        <li>At most {MAX_API_KEYS} keys at a time; only their first characters are kept.</li>
        <li>
          The mock URLs themselves need no key: a project’s calls are open, unless a route asks for
          its own bearer token (see{' '}
          <SectionLink anchor={docsAnchors.responseOptions}>Response options</SectionLink>).
        </li>
      </BulletList>
    </DocSection>
  );
}
