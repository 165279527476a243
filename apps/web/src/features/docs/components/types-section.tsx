import type { DataTypeInfo } from '@mocksmith/core/types-info';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { docsAnchors } from '../../../config/paths.ts';
import { useNearScreen } from '../../../hooks/use-near-screen.ts';
import { typesQueryOptions } from '../../../lib/get-types.ts';
import {
  categoryAnchor,
  exampleJson,
  examplePreview,
  filterTypes,
  groupTypes,
  isDemoType,
} from '../lib/catalogue.ts';
import { Code, DocSection, SectionLink } from './doc-section.tsx';

function TypeCard({ type }: { type: DataTypeInfo }) {
  const json = exampleJson(type.example);
  const preview = examplePreview(json);
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
          {type.name}
        </code>
        {isDemoType(type.name) ? (
          <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            Demo
          </span>
        ) : null}
      </div>
      <p className="text-sm leading-6">{type.description}</p>
      <p className="text-xs leading-5 text-slate-600 dark:text-slate-400">
        Example: <code className="font-mono [overflow-wrap:anywhere]">{preview}</code>
      </p>
      {preview === json ? null : (
        <details className="text-xs">
          <summary className="cursor-pointer rounded-sm font-medium text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300">
            The whole example
          </summary>
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll it
            tabIndex={0}
            className="mt-2 max-h-72 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          >
            {JSON.stringify(type.example, null, 2)}
          </pre>
        </details>
      )}
    </li>
  );
}

function matchText(count: number, total: number, query: string): string {
  if (query.trim() === '') return `All ${total} types`;
  if (count === 0) return `No type matches “${query.trim()}”`;
  return `${count} ${count === 1 ? 'type matches' : 'types match'} “${query.trim()}”`;
}

/**
 * The data-type catalogue as the server has it (`GET /backend/types`), grouped by category and
 * searched by name or example text, case-insensitive, with every match shown. Its nearly 2,000
 * elements are fetched and rendered once the section comes within a screen of the screen, and
 * rendered in a transition (in slices, the page answering meanwhile): rendered with the page, they
 * held its first second on a phone.
 */
export function TypesSection() {
  const loading = useRef<HTMLParagraphElement>(null);
  const near = useNearScreen(loading);
  const {
    data: fetched,
    isPending,
    isError,
    refetch,
    isRefetching,
  } = useQuery({ ...typesQueryOptions(), enabled: near });
  const types = useDeferredValue(fetched);
  const [query, setQuery] = useState('');
  const allGroups = useMemo(() => (types ? groupTypes(types) : []), [types]);
  const groups = useMemo(
    () => (types ? groupTypes(filterTypes(types, query)) : []),
    [types, query],
  );
  const count = groups.reduce((sum, group) => sum + group.types.length, 0);

  return (
    // At least a screen high: a page opened at #types can scroll it to the top before the list
    // arrives, and the search field stays put when a search shortens the list.
    <DocSection anchor={docsAnchors.types} className="min-h-dvh">
      <p>
        Every type a template may name
        {types ? `: ${types.length} types in ${allGroups.length} groups` : ''}. This is the list the
        server checks templates against, so it is always complete. Types marked <em>Demo</em> work
        without an account; the others need one. Write a type as a value of your template, such as{' '}
        <Code>{'{"price": "number.money.price"}'}</Code>; its{' '}
        <SectionLink anchor={docsAnchors.templates}>kind</SectionLink> (the first part of the name)
        says what comes back.
      </p>

      {isPending || (fetched && !types) ? (
        <p role="status" ref={loading}>
          Loading the data types…
        </p>
      ) : isError || !types ? (
        <div role="alert" className="space-y-2">
          <p>The data types could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => refetch()} disabled={isRefetching}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <SearchInput
            value={query}
            onChange={setQuery}
            label="Search data types"
            placeholder="Search types, such as price or gmail"
          />
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {matchText(count, types.length, query)}
          </p>
          {query.trim() === '' ? (
            <nav aria-label="Data type groups">
              <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {allGroups.map((group) => (
                  <li key={group.category}>
                    <SectionLink anchor={categoryAnchor(group.category)}>{group.label}</SectionLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {groups.map((group) => (
            <div key={group.category} className="space-y-3">
              <h3
                id={categoryAnchor(group.category)}
                className="pt-4 text-lg font-semibold text-slate-900 dark:text-slate-100"
              >
                {group.label}{' '}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                  ({group.types.length})
                </span>
              </h3>
              <ul className="grid gap-3 sm:grid-cols-2" aria-label={`${group.label} types`}>
                {group.types.map((type) => (
                  <TypeCard key={type.name} type={type} />
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </DocSection>
  );
}
