import { docsAnchors } from '../../../config/paths.ts';
import { backendExamples } from '../lib/backend-examples.ts';
import { MAX_DELAY_TEXT } from '../lib/facts.ts';
import { CurlBlock } from './curl-block.tsx';
import { BulletList, Code, DocSection } from './doc-section.tsx';

/** Overrides: what a call to a project may ask for, to test each case of a client. */
export function OverridesSection({ origin, appOrigin }: { origin: string; appOrigin: string }) {
  const examples = backendExamples({ app: appOrigin, mock: origin });
  return (
    <DocSection anchor={docsAnchors.overrides}>
      <p>
        A test often needs the error case now. A call to a project’s route can ask for it, in its
        query or a <Code>Prefer</Code> header:
      </p>
      <CurlBlock example={examples.overrides.status} />
      <CurlBlock example={examples.overrides.example} />
      <CurlBlock example={examples.overrides.delay} />
      <BulletList>
        <li>
          <Code>?__status=N</Code> or <Code>Prefer: code=N</Code> (100 to 599): the route’s response
          of that status, else the default response’s headers with that status and a short body
          naming it.
        </li>
        <li>
          <Code>Prefer: example=NAME</Code>: the response of that name (an unknown name answers{' '}
          <Code>400</Code> listing the route’s).
        </li>
        <li>
          <Code>?__delay=MS</Code> or <Code>Prefer: delay=MS</Code>: waits that long instead, at
          most {MAX_DELAY_TEXT} ms.
        </li>
        <li>
          <Code>Prefer: dynamic=true</Code>: generated data of the response’s shape rather than its
          stored example (an OpenAPI import keeps the file’s examples).
        </li>
        <li>
          Overrides are on until the owner turns them off, for the whole project (Project settings)
          or for one route (its Overrides switch). They never pass a route’s bearer token, the rate
          limits or the size of an answer.
        </li>
      </BulletList>
    </DocSection>
  );
}
