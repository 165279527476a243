import { CodeSamples } from '../../../components/code-samples.tsx';
import { docsAnchors } from '../../../config/paths.ts';
import { SAMPLE_BEARER_TOKEN } from '../../../lib/code-samples.ts';
import { formatInteger } from '../../../lib/format.ts';
import {
  MAX_CUSTOM_HEADERS,
  MAX_DELAY_TEXT,
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MIN_PUBLIC_DESCRIPTION_LENGTH,
  RESERVED_HEADER_NAMES,
  STATUS_ROWS,
  TEMPLATE_CATEGORIES,
} from '../lib/facts.ts';
import { BulletList, Code, DocSection, DocTable, SubHeading } from './doc-section.tsx';

/** The Options panel of an API: delay, status code, bearer token, headers and public sharing. */
export function ResponseOptionsSection({ origin }: { origin: string }) {
  return (
    <DocSection anchor={docsAnchors.responseOptions}>
      <p>
        With an account, the <strong>Options</strong> panel of the API page sets how an API answers.
        A change applies to every URL of the API as soon as it is saved.
      </p>

      <SubHeading>Response delay</SubHeading>
      <p>
        <strong>Response delay (ms)</strong> makes the API wait before it answers: a whole number of
        milliseconds from 0 (the default) to {MAX_DELAY_TEXT}, to see how your app behaves on a slow
        network.
      </p>

      <SubHeading>Status codes</SubHeading>
      <p>
        <strong>Response status code</strong> is the status every call answers with, 200 unless you
        choose another. The generated JSON is sent with every code but 204, so an error status can
        carry the error body your app expects; the editor warns when you pick 400 or above.
      </p>
      <DocTable
        caption="Status codes an API can answer"
        head={['Code', 'Use it for']}
        rows={STATUS_ROWS.map((row) => [
          <span key="c" className="whitespace-nowrap">
            <Code>{row.code}</Code> {row.text}
          </span>,
          row.use,
        ])}
      />

      <SubHeading>Bearer tokens</SubHeading>
      <p>
        Turn on <strong>Require authentication</strong> and the API gets a token: <Code>mck_</Code>{' '}
        and 40 random characters, which you can copy from the panel. Calls must then send it in an{' '}
        <Code>Authorization: Bearer mck_...</Code> header. Without it, or with another token, the
        API answers <Code>401</Code> with a <Code>WWW-Authenticate</Code> header and no data.
        Turning authentication off removes the token.
      </p>
      <CodeSamples
        origin={origin}
        methods={['GET']}
        bearerToken={SAMPLE_BEARER_TOKEN}
        name="example with a bearer token"
      />

      <SubHeading>Custom headers</SubHeading>
      <BulletList>
        <li>
          <strong>Custom response headers</strong> adds up to {MAX_CUSTOM_HEADERS} headers to the
          API’s answers, such as <Code>X-Request-Id: 42</Code> or{' '}
          <Code>Cache-Control: no-store</Code>.
        </li>
        <li>
          A name is letters, digits and <Code>-</Code> (any HTTP token); a value is one line of at
          most {formatInteger(MAX_HEADER_VALUE_LENGTH)} printable ASCII characters.
        </li>
        <li>
          A <Code>Content-Type</Code> of yours, such as <Code>application/hal+json</Code>, replaces
          the default <Code>application/json; charset=utf-8</Code>.
        </li>
        <li>
          Every answer carries <Code>Content-Security-Policy: sandbox</Code> and{' '}
          <Code>X-Content-Type-Options: nosniff</Code>: an answer served as HTML is shown, never
          run.
        </li>
        <li>
          These cannot be set, because the server sets them or because they would act on the browser
          of whoever opens the link (cookies, site data, redirects, HSTS):{' '}
          {RESERVED_HEADER_NAMES.map((name, index) => (
            <span key={name}>
              {index > 0 ? ', ' : null}
              <Code>{name}</Code>
            </span>
          ))}
          .
        </li>
      </BulletList>

      <SubHeading>Public sharing</SubHeading>
      <p>
        <strong>Make Public</strong> shares the API’s template with the community. It needs a
        category ({TEMPLATE_CATEGORIES.map((category) => category.label).join(', ')}), a description
        of {MIN_PUBLIC_DESCRIPTION_LENGTH} to {MAX_DESCRIPTION_LENGTH} characters, and takes up to{' '}
        {MAX_TAGS} tags of at most {MAX_TAG_LENGTH} characters each. Turning it off clears all
        three.
      </p>
    </DocSection>
  );
}
