import { messages } from '@mocksmith/core/errors';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { docsAnchors } from '../../../config/paths.ts';
import { formatInteger } from '../../../lib/format.ts';
import {
  prettyJson,
  productsJson,
  SORTING_SEED,
  sortingExamples,
  sortingTemplate,
} from '../lib/examples.ts';
import { MAX_PAGE_LIMIT } from '../lib/facts.ts';
import { BulletList, Code, DocSection, SubHeading } from './doc-section.tsx';

/** `sort` and `order` on the public URLs: the rules, then worked examples on one generated list. */
export function SortingSection() {
  return (
    <DocSection anchor={docsAnchors.sorting}>
      <p>
        Add <Code>sort</Code> to an API’s URL to get its generated list in the order you need. It
        works on every API, with or without an account.
      </p>
      <BulletList>
        <li>
          <Code>sort=price</Code> or <Code>sort=price:asc</Code> sorts from low to high,{' '}
          <Code>sort=price:desc</Code> from high to low.
        </li>
        <li>
          <Code>sort</Code> repeats: <Code>?sort=price:desc&amp;sort=name</Code> sorts by price, and
          by name where prices are equal. The keys may also be joined by commas:{' '}
          <Code>?sort=price:desc,name</Code>.
        </li>
        <li>
          <Code>order=asc</Code> or <Code>order=desc</Code> is the direction of every key given
          without one (ascending when absent); a key’s own direction wins.
        </li>
        <li>
          Dotted paths reach into nested objects: <Code>sort=address.city</Code>.
        </li>
        <li>
          The answer is sorted when it is a list; when it is an object, each list of objects
          directly inside it is sorted (<Code>{'{"users": [...], "orders": [...]}'}</Code>).
        </li>
        <li>
          Numbers compare as numbers, text alphabetically (accents and case as a reader expects),
          ISO dates in time order. Items without the field, or with <Code>null</Code>, come last in
          either direction; items that compare equal keep their generated order.
        </li>
        <li>
          <Code>page</Code> and <Code>limit</Code> cut the sorted list into pages (at most{' '}
          {formatInteger(MAX_PAGE_LIMIT)} items each), with the total in <Code>X-Total-Count</Code>{' '}
          and the neighbouring pages in <Code>Link</Code>.
        </li>
        <li>
          A wrong value answers <Code>400</Code> with a message naming it, such as{' '}
          <Code>{messages.invalidSort('price:up')}</Code>.
        </li>
      </BulletList>

      <SubHeading>Worked examples</SubHeading>
      <p>
        An API with this template (made with an account: the product types are not in the demo)
        answers five products. With <Code>?seed={SORTING_SEED}</Code> every call generates the same
        five, so each call below sorts the same list:
      </p>
      <CodeBlock
        code={prettyJson(sortingTemplate)}
        label="Template"
        copyLabel="Copy the sorting template"
      />
      <ol className="space-y-6">
        {sortingExamples.map((example) => (
          <li key={example.query} className="space-y-2">
            <p className="font-mono text-sm font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
              GET /api/YOUR_REQUEST_ID?{example.query}
            </p>
            <p>{example.explanation}</p>
            {example.headers ? (
              <p>
                Headers:{' '}
                {Object.entries(example.headers).map(([name, value]) => (
                  <Code key={name}>
                    {name}: {value}
                  </Code>
                ))}
              </p>
            ) : null}
            <CodeBlock
              code={productsJson(example.body)}
              label={`Answer to ?${example.query}`}
              copyLabel={`Copy the answer to ?${example.query}`}
            />
          </li>
        ))}
      </ol>
    </DocSection>
  );
}
