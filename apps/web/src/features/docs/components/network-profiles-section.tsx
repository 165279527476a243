import { docsAnchors } from '../../../config/paths.ts';
import { backendExamples } from '../lib/backend-examples.ts';
import { FAULT_STATUSES, NETWORK_PRESET_NAMES } from '../lib/facts.ts';
import { CurlBlock } from './curl-block.tsx';
import { BulletList, Code, DocSection } from './doc-section.tsx';

/** Network profiles: latency, injected errors and per-consumer limits of a project or a route. */
export function NetworkProfilesSection({
  origin,
  appOrigin,
}: {
  origin: string;
  appOrigin: string;
}) {
  const examples = backendExamples({ app: appOrigin, mock: origin });
  return (
    <DocSection anchor={docsAnchors.networkProfiles}>
      <p>
        A <strong>network profile</strong> makes a project (Project settings) or one route (the
        route editor’s Network) behave like a real network: slow, sometimes failing, limited. Pick a
        ready-made one ({NETWORK_PRESET_NAMES.map((name) => `‘${name}’`).join(', ')}) or set your
        own:
      </p>
      <CurlBlock example={examples.networkProfiles.set} />
      <CurlBlock example={examples.networkProfiles.call} />
      <BulletList>
        <li>
          Latency: <Code>none</Code>, <Code>fixed</Code> (<Code>ms</Code>), <Code>uniform</Code> (
          <Code>min</Code>, <Code>max</Code>), <Code>normal</Code> (<Code>mean</Code>,{' '}
          <Code>sd</Code>) or <Code>lognormal</Code>, given as its median and 95th percentile (
          <Code>p50</Code>, <Code>p95</Code>), as latencies are measured. A response’s own delay
          adds to it.
        </li>
        <li>
          Faults: a share of calls (<Code>percent</Code>) answers a status (
          {FAULT_STATUSES.map((status, index) => (
            <span key={status}>
              {index > 0 ? ', ' : null}
              <Code>{status}</Code>
            </span>
          ))}
          ) with a body of yours, or has its connection reset, or gets no answer at all. The
          Analytics count them as errors injected.
        </li>
        <li>
          A rate limit (<Code>{'"rateLimit": {"limit": 10, "per": "second"}'}</Code>) counts each
          consumer apart: by its bearer token, else its <Code>X-Mock-Session</Code>, else its
          address; past it, <Code>429</Code> with <Code>Retry-After</Code>.
        </li>
        <li>
          With <Code>?__seed=N</Code> the same calls get the same delays and faults, to replay a
          failure; the project’s replay setting does the same for every call, and{' '}
          <Code>POST …/__reset</Code> starts it again.
        </li>
        <li>
          A route’s own profile replaces the project’s. A call that asked for a response or a status
          gets it, never a fault instead.
        </li>
      </BulletList>
      <p>Take it away as it was set:</p>
      <CurlBlock example={examples.networkProfiles.off} />
    </DocSection>
  );
}
