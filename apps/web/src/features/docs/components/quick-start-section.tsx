import { mockUrl } from '@mocksmith/core/http';
import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { docsAnchors, paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { DEMO_TYPES_TEXT } from '../lib/facts.ts';
import { Code, DocSection, DocTable, SectionLink, SubHeading } from './doc-section.tsx';

function Yes() {
  return (
    <>
      <Check className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      <span className="sr-only">Yes</span>
    </>
  );
}

function No() {
  return (
    <>
      <Minus className="size-5 text-slate-400" aria-hidden="true" />
      <span className="sr-only">No</span>
    </>
  );
}

const features: [ReactNode, ReactNode, ReactNode][] = [
  [
    'Data types',
    <span key="demo">
      The 8 basic types: <Code>{DEMO_TYPES_TEXT}</Code>
    </span>,
    <span key="account">
      Every type of the <SectionLink anchor={docsAnchors.types}>catalogue</SectionLink>
    </span>,
  ],
  ['Preview, create an API, download the data', <Yes key="d" />, <Yes key="a" />],
  ['GET, POST, PUT and DELETE APIs', <Yes key="d" />, <Yes key="a" />],
  ['Sorting, pages and seeds on the API’s URL', <Yes key="d" />, <Yes key="a" />],
  ['Custom endpoints', <No key="d" />, <Yes key="a" />],
  ['Response delay and status code', <No key="d" />, <Yes key="a" />],
  ['Bearer token and custom response headers', <No key="d" />, <Yes key="a" />],
  ['Editor completion, typo hints and the More Types picker', <No key="d" />, <Yes key="a" />],
  [
    'Dashboard: your APIs with their call counts; edit, test and delete; recent activity',
    <No key="d" />,
    <Yes key="a" />,
  ],
  ['Public sharing with a category, description and tags', <No key="d" />, <Yes key="a" />],
];

/** Three steps to a live API, and what the demo and a free account each offer. */
export function QuickStartSection({ origin }: { origin: string }) {
  const { user } = useAuth();
  return (
    <DocSection anchor={docsAnchors.quickStart}>
      <ol className="list-decimal space-y-3 pl-5 marker:font-semibold">
        <li>
          <strong className="text-slate-900 dark:text-slate-100">Write a template.</strong>{' '}
          {user ? (
            <>
              Open the{' '}
              <RouterLink to={paths.dashboardApi} className={textLinkClasses}>
                API page
              </RouterLink>
              .
            </>
          ) : (
            <>
              Use the demo editor on the{' '}
              <RouterLink to={paths.home} className={textLinkClasses}>
                home page
              </RouterLink>
              , no account needed, or{' '}
              <RouterLink to={paths.auth} className={textLinkClasses}>
                sign up
              </RouterLink>{' '}
              for the API page and every data type.
            </>
          )}{' '}
          A template is JSON whose values name{' '}
          <SectionLink anchor={docsAnchors.types}>data types</SectionLink>:{' '}
          <Code>{'{"id": "uuid", "name": "string", "email": "email"}'}</Code>.
        </li>
        <li>
          <strong className="text-slate-900 dark:text-slate-100">Preview it.</strong> Generate shows
          data of that shape; Download saves it as <Code>mock-data-example.json</Code>.
        </li>
        <li>
          <strong className="text-slate-900 dark:text-slate-100">Create the API.</strong> Create API
          gives a link. Every call to it answers freshly generated data of your template’s shape,
          with the method you chose (GET by default): see{' '}
          <SectionLink anchor={docsAnchors.usage}>Usage</SectionLink>.
        </li>
      </ol>
      <p>Try one of the built-in sample APIs right now:</p>
      <CodeBlock
        code={`curl ${mockUrl(origin, { method: 'GET', requestId: 'weather' })}`}
        label="Call the weather sample API (shell)"
        copyLabel="Copy the weather sample command"
      />

      <SubHeading>Free, with or without an account</SubHeading>
      <p>
        Everything is free. Without an account you get the demo; a free account adds the whole
        catalogue and the options of each API.
      </p>
      <DocTable
        caption="What the demo and a free account offer"
        head={['Feature', 'Demo, no account', 'Free account']}
        rows={features}
      />
    </DocSection>
  );
}
