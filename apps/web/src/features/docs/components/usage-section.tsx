import { MOCK_PATH_PREFIX, mockUrl } from '@mocksmith/core/http';
import { CodeSamples } from '../../../components/code-samples.tsx';
import { docsAnchors } from '../../../config/paths.ts';
import { formatInteger } from '../../../lib/format.ts';
import { MAX_PAGE_LIMIT, MOCK_RATE_LIMIT } from '../lib/facts.ts';
import { BulletList, Code, DocSection, DocTable, SectionLink, SubHeading } from './doc-section.tsx';

/** How to call an API: its URLs, its query parameters, sample code and the errors it may answer. */
export function UsageSection({ origin }: { origin: string }) {
  return (
    <DocSection anchor={docsAnchors.usage}>
      <p>
        Every API answers at the link it was given, and at two shorter forms of it. All three reach
        the same API and accept the same query parameters:
      </p>
      <BulletList>
        <li>
          <Code>{`${origin}${MOCK_PATH_PREFIX}/{method}/{requestId}`}</Code>: the link Create API
          gives, with the method in lower case (and the{' '}
          <SectionLink anchor={docsAnchors.customEndpoints}>custom endpoint</SectionLink> after the
          id when the API has one).
        </li>
        <li>
          <Code>{mockUrl(origin, { method: 'GET', requestId: '{requestId}' })}</Code>
        </li>
        <li>
          <Code>{`${origin}/api/{requestId}`}</Code>
        </li>
      </BulletList>
      <p>
        Call it with the API’s method: another method gets <Code>405 Method Not Allowed</Code> with
        an <Code>Allow</Code> header naming the right one. A request body is never needed and never
        breaks a call: POST and PUT may send any body, which is ignored. CORS is open, so a web page
        on any site can call the URL with <Code>fetch</Code>.
      </p>

      <SubHeading>Query parameters</SubHeading>
      <DocTable
        caption="Query parameters of every API URL"
        head={['Parameter', 'What it does']}
        rows={[
          [
            <Code key="p">seed=42</Code>,
            'The same seed gives the same answer, byte for byte; without one every call is new.',
          ],
          [
            <Code key="p">sort=price:desc</Code>,
            <span key="d">
              Sorts the generated list; repeatable. See{' '}
              <SectionLink anchor={docsAnchors.sorting}>Sorting</SectionLink>.
            </span>,
          ],
          [<Code key="p">order=desc</Code>, 'The direction of sort keys given without one.'],
          [
            <Code key="p">page=2</Code>,
            'Answers one page of the list (10 items unless limit says otherwise).',
          ],
          [
            <Code key="p">limit=20</Code>,
            `Items per page, 1 to ${formatInteger(MAX_PAGE_LIMIT)}; alone, it gives the first page.`,
          ],
        ]}
      />

      <SubHeading>Sample code</SubHeading>
      <p>
        Replace <Code>YOUR_REQUEST_ID</Code> with your API’s id, the last part of its link. Each
        sample prints the generated JSON. With fetch, axios and Python, a status of 400 or more
        stops it with an error; Java and Go print the status first.
      </p>
      <CodeSamples origin={origin} name="example" />

      <SubHeading>When a call fails</SubHeading>
      <p>
        The server checks each call in this order before answering with your API’s data. Each error
        answers JSON such as{' '}
        <Code>{'{"statusCode": 404, "code": "API_NOT_FOUND", "message": "..."}'}</Code>.
      </p>
      <DocTable
        caption="Errors of the API URLs"
        head={['Status', 'When']}
        rows={[
          [
            <Code key="s">404</Code>,
            'No API has that id, or the path after the id is not its custom endpoint.',
          ],
          [
            <Code key="s">405</Code>,
            <span key="w">
              The method is not the API’s; <Code>Allow</Code> names the right one.
            </span>,
          ],
          [
            <Code key="s">401</Code>,
            <span key="w">
              The API requires a{' '}
              <SectionLink anchor={docsAnchors.responseOptions}>bearer token</SectionLink> and the
              call sent none or a wrong one; <Code>WWW-Authenticate</Code> says so.
            </span>,
          ],
          [
            <Code key="s">429</Code>,
            <span key="w">
              More than {MOCK_RATE_LIMIT.requests} calls in {MOCK_RATE_LIMIT.minutes} minutes from
              one client. <Code>Retry-After</Code> gives the seconds to wait; every answer carries{' '}
              <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and{' '}
              <Code>RateLimit-Reset</Code>. The owner’s own calls, with one of their{' '}
              <SectionLink anchor={docsAnchors.apiKeys}>API keys</SectionLink> (
              <Code>X-Mocksmith-Key: mks_…</Code>) or the API’s token, count apart, up to{' '}
              {formatInteger(MOCK_RATE_LIMIT.ownerRequests)} in the same window.
            </span>,
          ],
          [
            <Code key="s">400</Code>,
            <span key="w">
              A bad <Code>sort</Code>, <Code>order</Code>, <Code>page</Code> or <Code>limit</Code>{' '}
              value. The message names it.
            </span>,
          ],
        ]}
      />
    </DocSection>
  );
}
