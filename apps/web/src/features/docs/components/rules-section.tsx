import { docsAnchors } from '../../../config/paths.ts';
import { formatInteger } from '../../../lib/format.ts';
import { backendExamples } from '../lib/backend-examples.ts';
import { RULE_LIMITS } from '../lib/facts.ts';
import { CurlBlock } from './curl-block.tsx';
import { BulletList, Code, DocSection } from './doc-section.tsx';

/** Rules: a route's response picked from the request, without code. */
export function RulesSection({ origin, appOrigin }: { origin: string; appOrigin: string }) {
  const examples = backendExamples({ app: appOrigin, mock: origin });
  return (
    <DocSection anchor={docsAnchors.rules}>
      <p>
        A route’s <strong>rules</strong> pick its response from the request: gold customers get the
        premium plan, an unknown id gets the 404. Edit them in the route editor (Rules, Add rule),
        or send them with the route:
      </p>
      <CurlBlock example={examples.rules.create} />
      <CurlBlock example={examples.rules.call} />
      <p>
        The answer is the premium plan, and says why: <Code>X-Mock-Response: premium</Code>, and{' '}
        <Code>X-Mock-Rule: Gold customers</Code> names the rule that matched (a rule without a name
        by its place, <Code>1</Code> for the first).
      </p>
      <BulletList>
        <li>
          A condition reads a path parameter (<Code>param</Code>), a query parameter (
          <Code>query</Code>), a <Code>header</Code>, a <Code>cookie</Code> or a field of a JSON{' '}
          <Code>body</Code> (<Code>$.user.plan</Code>, <Code>items[0].sku</Code>).
        </li>
        <li>
          It compares with <Code>equals</Code>, <Code>notEquals</Code>, <Code>contains</Code>,{' '}
          <Code>startsWith</Code>, <Code>regex</Code> (RE2: linear time, no lookarounds),{' '}
          <Code>exists</Code>, <Code>missing</Code>, <Code>lt</Code>, <Code>lte</Code>,{' '}
          <Code>gt</Code>, <Code>gte</Code> (as numbers) or <Code>in</Code> (a list).
        </li>
        <li>
          A rule matches when all its conditions do (<Code>"combine": "all"</Code>, the default) or
          any of them (<Code>"any"</Code>). The first rule that matches wins; when none does, the
          route answers as it would without rules.
        </li>
        <li>
          At most {RULE_LIMITS.rules} rules a route and {RULE_LIMITS.conditions} conditions a rule.
          A regex compiles to at most {RULE_LIMITS.patternSize} RE2 instructions, a route’s regexes
          to {formatInteger(RULE_LIMITS.programSize)} together, and a regex reads values of at most{' '}
          {formatInteger(RULE_LIMITS.matchLength)} characters (a longer one never matches). An
          override of the caller’s comes before the rules.
        </li>
      </BulletList>
    </DocSection>
  );
}
