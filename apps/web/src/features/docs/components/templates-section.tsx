import { Link } from 'react-router';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { docsAnchors, officialTemplatesPath } from '../../../config/paths.ts';
import { prettyJson, templateExample } from '../lib/examples.ts';
import {
  DEMO_TYPES_TEXT,
  MAX_GENERATED_VALUES_TEXT,
  MAX_RESPONSE_MIB,
  MAX_TEMPLATE_DEPTH,
  MAX_TEMPLATE_KIB,
} from '../lib/facts.ts';
import { BulletList, Code, DocSection, SectionLink, SubHeading } from './doc-section.tsx';

/** The template language: what each value of a template becomes, an example, and the limits. */
export function TemplatesSection() {
  return (
    <DocSection anchor={docsAnchors.templates}>
      <p>
        A template is a JSON object or array. Every call generates a fresh body of the same shape,
        value by value:
      </p>
      <BulletList>
        <li>
          A string that names a data type becomes a generated value of that type: a basic type such
          as <Code>uuid</Code> or <Code>email</Code>, or a dotted <Code>kind.category.name</Code>{' '}
          from the <SectionLink anchor={docsAnchors.types}>catalogue</SectionLink> such as{' '}
          <Code>string.name.fullname</Code>. The kind says what comes back:{' '}
          <Code>number.money.price</Code> gives a number, <Code>array.analytics.dailyvisits</Code> a
          list, <Code>object.weather.complete</Code> a whole object.
        </li>
        <li>
          Any other string, and every number, boolean and <Code>null</Code>, comes back as it is. A
          misspelt type name, such as <Code>string.name.fulname</Code>, is such a literal too; the
          API page’s editor suggests the name you meant.
        </li>
        <li>Objects and arrays are generated field by field, element by element, at any depth.</li>
        <li>
          In an array, an object holding <Code>__multiply</Code> becomes several copies: see{' '}
          <SectionLink anchor={docsAnchors.arrayMultiplier}>Array multiplier</SectionLink>.
        </li>
      </BulletList>

      <SubHeading>Example</SubHeading>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <CodeBlock
          code={prettyJson(templateExample.template)}
          label="Template"
          copyLabel="Copy the example template"
          className="min-w-0"
        />
        <CodeBlock
          code={prettyJson(templateExample.body)}
          label={`Answer to ?seed=${templateExample.seed}`}
          copyLabel="Copy the example answer"
          className="min-w-0"
        />
      </div>
      <p>
        <Code>role</Code>, <Code>version</Code> and <Code>deletedAt</Code> come back as written;
        every other value is generated. Called with <Code>?seed={templateExample.seed}</Code>, an
        API with this template answers exactly this; without a seed, new values each time.
      </p>

      <SubHeading>Ready-made templates</SubHeading>
      <p>
        Start from the{' '}
        <Link to={officialTemplatesPath} className={textLinkClasses}>
          official templates in the Templates Gallery
        </Link>{' '}
        or from those the community shares: Use Template copies one into your APIs, where you can
        change it. With an account you can share your own from an API's Options panel (Make Public).
      </p>

      <SubHeading>Rules and limits</SubHeading>
      <BulletList>
        <li>
          The demo, without an account, accepts only the basic types <Code>{DEMO_TYPES_TEXT}</Code>.
          An account accepts every type of the catalogue.
        </li>
        <li>
          A template is at most {MAX_TEMPLATE_KIB} KiB of text and {MAX_TEMPLATE_DEPTH} levels of
          nested objects and arrays deep.
        </li>
        <li>
          One answer holds at most {MAX_GENERATED_VALUES_TEXT} values (objects, arrays and leaves)
          and {MAX_RESPONSE_MIB} MiB of JSON, counted with every <Code>__multiply</Code> at its
          upper bound and every type at its longest.
        </li>
        <li>
          A template that breaks a rule is refused when you preview or save it, with a message
          naming the place and the rule.
        </li>
      </BulletList>
    </DocSection>
  );
}
