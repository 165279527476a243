import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { docsAnchors } from '../../../config/paths.ts';
import { formatInteger } from '../../../lib/format.ts';
import { multiplyExample, prettyJson } from '../lib/examples.ts';
import { MAX_GENERATED_VALUES_TEXT, MAX_MULTIPLY, MAX_RESPONSE_MIB } from '../lib/facts.ts';
import { BulletList, Code, DocSection, DocTable, SubHeading } from './doc-section.tsx';

/** `__multiply`: how an array element becomes a random or fixed number of copies. */
export function ArrayMultiplierSection() {
  return (
    <DocSection anchor={docsAnchors.arrayMultiplier}>
      <p>
        In an array, an object holding <Code>{'"__multiply": "A-B"'}</Code> becomes between A and B
        independent copies of itself, without the <Code>__multiply</Code> key. Each call draws the
        count anew. The array’s other elements appear once, in their place.
      </p>
      <DocTable
        caption="Ranges of __multiply"
        head={['Range', 'Copies per call']}
        rows={[
          [<Code key="r">"1-5"</Code>, 'From 1 to 5'],
          [<Code key="r">"5-5"</Code>, 'Exactly 5'],
          [<Code key="r">"0-3"</Code>, 'From none to 3'],
          [
            <Code key="r">{`"100-${MAX_MULTIPLY}"`}</Code>,
            `From 100 to ${formatInteger(MAX_MULTIPLY)}, the largest upper bound`,
          ],
        ]}
      />

      <SubHeading>Example</SubHeading>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <CodeBlock
          code={prettyJson(multiplyExample.template)}
          label="Template"
          copyLabel="Copy the array multiplier template"
          className="min-w-0"
        />
        <CodeBlock
          code={prettyJson(multiplyExample.body)}
          label={`Answer to ?seed=${multiplyExample.seed}`}
          copyLabel="Copy the array multiplier answer"
          className="min-w-0"
        />
      </div>
      <p>
        This call drew three members (any count from two to four could come); the steps always hold
        exactly two generated items between <Code>"start"</Code> and <Code>"end"</Code>.
      </p>

      <SubHeading>Rules</SubHeading>
      <BulletList>
        <li>
          The range is a string of two whole numbers, <Code>"A-B"</Code>, with 0 ≤ A ≤ B ≤{' '}
          {formatInteger(MAX_MULTIPLY)}. A number such as <Code>5</Code> is refused: write{' '}
          <Code>"5-5"</Code>.
        </li>
        <li>
          <Code>__multiply</Code> belongs in an object that is an element of an array; anywhere else
          the template is refused.
        </li>
        <li>
          Copies count towards the limits of {MAX_GENERATED_VALUES_TEXT} values and{' '}
          {MAX_RESPONSE_MIB} MiB per answer, at the range’s upper bound: a thousand copies of a long
          text soon pass the second.
        </li>
      </BulletList>
    </DocSection>
  );
}
