import { HTTP_METHODS, type HttpMethod } from '@mocksmith/core/http';
import { useState } from 'react';
import {
  codeSample,
  SAMPLE_LANGUAGES,
  SAMPLE_ORIGIN,
  type SampleLanguage,
} from '../lib/code-samples.ts';
import { CodeBlock } from './ui/code-block.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs.tsx';

function isMethod(value: string): value is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(value);
}

function isLanguage(value: string): value is SampleLanguage {
  return SAMPLE_LANGUAGES.some((language) => language.id === value);
}

/**
 * Runnable samples calling the placeholder mock API on `origin`: a tab per method, when there are
 * several, and a tab per language inside, each sample copyable.
 */
export function CodeSamples({
  origin = SAMPLE_ORIGIN,
  methods = HTTP_METHODS,
  bearerToken,
  name,
}: {
  /** The host the samples call: the placeholder one, or this site's mock origin. */
  origin?: string;
  methods?: readonly HttpMethod[];
  bearerToken?: string;
  /** Tells these samples apart from others on the page, in the tab lists' names. */
  name: string;
}) {
  const [method, setMethod] = useState<HttpMethod>(methods[0] ?? 'GET');
  const [language, setLanguage] = useState<SampleLanguage>('fetch');

  const languageTabs = (m: HttpMethod) => (
    <Tabs
      value={language}
      onValueChange={(value) => {
        if (isLanguage(value)) setLanguage(value);
      }}
    >
      <TabsList aria-label={`Language of the ${m} ${name}`}>
        {SAMPLE_LANGUAGES.map((l) => (
          <TabsTrigger key={l.id} value={l.id}>
            {l.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {SAMPLE_LANGUAGES.map((l) => (
        <TabsContent key={l.id} value={l.id}>
          <CodeBlock
            code={codeSample(l.id, m, origin, { bearerToken })}
            label={`${l.label} — ${m} request`}
            copyLabel={`Copy the ${l.label} ${m} ${name}`}
          />
        </TabsContent>
      ))}
    </Tabs>
  );

  if (methods.length === 1) return languageTabs(method);
  return (
    <Tabs
      value={method}
      onValueChange={(value) => {
        if (isMethod(value)) setMethod(value);
      }}
    >
      <TabsList aria-label={`HTTP method of the ${name}`}>
        {methods.map((m) => (
          <TabsTrigger key={m} value={m} className="font-mono">
            {m}
          </TabsTrigger>
        ))}
      </TabsList>
      {methods.map((m) => (
        <TabsContent key={m} value={m}>
          {languageTabs(m)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
