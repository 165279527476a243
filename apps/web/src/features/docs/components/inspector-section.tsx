import { docsAnchors } from '../../../config/paths.ts';
import { backendExamples } from '../lib/backend-examples.ts';
import { CurlBlock } from './curl-block.tsx';
import { BulletList, Code, DocSection, SubHeading } from './doc-section.tsx';

/** The request inspector, the verification API over it, and the analytics. */
export function InspectorSection({ origin, appOrigin }: { origin: string; appOrigin: string }) {
  const examples = backendExamples({ app: appOrigin, mock: origin });
  return (
    <DocSection anchor={docsAnchors.inspector}>
      <p>
        The <strong>request inspector</strong> shows the calls of a project (its page, Requests) or
        of an API (its card, Requests) as they come: method, path, query, headers, up to 16 KB of
        the body, the status, the response and rule that answered, the time taken and the injected
        delay, the session. Secrets are masked to their last 4 characters, and the caller’s address
        is kept as a hash. From a call, Make a route or Make a rule fills the route editor.
      </p>
      <BulletList>
        <li>
          It keeps the last 1,000 calls of each project and API for 7 days, for their owner alone,
          who can clear them or turn a project’s logging off.
        </li>
        <li>
          It keeps every call of those 1,000 at any pace a test suite makes, whichever server
          answered it: each answer of the verification API first has every server write what it
          holds. Should a call ever not be kept, every answer says so (<Code>complete</Code> false,
          and how many were <Code>dropped</Code>).
        </li>
      </BulletList>

      <SubHeading>The verification API</SubHeading>
      <p>
        The same log answers tests, as WireMock’s <Code>verify</Code> does: after your test ran its
        calls, ask which came and how many.
      </p>
      <CurlBlock example={examples.inspector.list} />
      <CurlBlock example={examples.inspector.count} />
      <p>
        It answers <Code>{'{"count": 1, "complete": true, "dropped": 0}'}</Code> after the example
        of <Code>POST /orders</Code> above. The filters are <Code>method</Code>, <Code>path</Code>{' '}
        (exact, or a prefix ending with <Code>*</Code>), <Code>status</Code>, <Code>session</Code>,{' '}
        <Code>since</Code> (ISO 8601) and <Code>limit</Code>. <Code>DELETE</Code> clears the log
        between two tests:
      </p>
      <CurlBlock example={examples.inspector.clear} />
      <p>
        An API’s log is at <Code>{`${appOrigin}/backend/apis/{id}/requests`}</Code>, with the same
        filters.
      </p>

      <SubHeading>Analytics</SubHeading>
      <p>
        A project’s or an API’s analytics (its page, Analytics) count every call, logged or not:
        calls over time by the minute, hour or day, the status mix, latency p50, p95 and p99, the
        top routes and consumers, and the errors injected, kept 90 days.
      </p>
      <CurlBlock example={examples.inspector.analytics} />
      <p>
        <Code>range</Code> is <Code>hour</Code>, <Code>week</Code> or <Code>90d</Code>; an API’s are
        at <Code>{`${appOrigin}/backend/apis/{id}/analytics`}</Code>.
      </p>
    </DocSection>
  );
}
