import { mockUrl } from '@mocksmith/core/http';
import { apiMessages } from '@mocksmith/core/texts';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { docsAnchors } from '../../../config/paths.ts';
import { SAMPLE_REQUEST_ID } from '../../../lib/code-samples.ts';
import { MAX_CUSTOM_ENDPOINT_LENGTH } from '../lib/facts.ts';
import { BulletList, Code, DocSection, SubHeading } from './doc-section.tsx';

/** The custom endpoint of the section's example. */
const ENDPOINT = '/users/active';

/** Custom endpoints: an API's own path after its id, the URLs that serve it and its rules. */
export function CustomEndpointsSection({ origin }: { origin: string }) {
  return (
    <DocSection anchor={docsAnchors.customEndpoints}>
      <p>
        With an account, an API can have a path of its own after its id, so that its URL reads like
        the real API you are standing in for. Fill in <strong>Custom Endpoint (optional)</strong> on
        the API page, such as <Code>{ENDPOINT}</Code>; the link you get ends with it:
      </p>
      <CodeBlock
        code={[
          `curl ${mockUrl(origin, { method: 'GET', requestId: SAMPLE_REQUEST_ID, customEndpoint: ENDPOINT })}`,
          `curl ${origin}/api/${SAMPLE_REQUEST_ID}${ENDPOINT}`,
          `curl ${origin}/api/${SAMPLE_REQUEST_ID}`,
        ].join('\n')}
        label="Three calls answered by an API with the endpoint /users/active (shell)"
        copyLabel="Copy the custom endpoint commands"
      />
      <p>
        Each URL form takes the endpoint after the id, and the bare id keeps answering too. Any
        other path after the id answers <Code>404</Code>, with a message naming the API’s endpoint.
      </p>

      <SubHeading>Rules</SubHeading>
      <BulletList>
        <li>
          An endpoint is one or more segments separated by <Code>/</Code>, made of letters, digits
          and <Code>-</Code> <Code>_</Code> <Code>.</Code> <Code>~</Code>; a segment may not be{' '}
          <Code>.</Code> or <Code>..</Code>. At most {MAX_CUSTOM_ENDPOINT_LENGTH} characters.
        </li>
        <li>
          It is tidied as you save: <Code>users/active/</Code> becomes <Code>/users/active</Code>.
        </li>
        <li>
          Two of your APIs with the same method cannot share an endpoint; saving the second one
          says: <q>{apiMessages.endpointTaken}</q>
        </li>
      </BulletList>
    </DocSection>
  );
}
