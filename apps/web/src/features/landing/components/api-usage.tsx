import { useState } from 'react';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import {
  codeSample,
  SAMPLE_API_URL,
  SAMPLE_LANGUAGES,
  SAMPLE_METHODS,
  type SampleLanguage,
  type SampleMethod,
} from '../../../lib/code-samples.ts';

function isMethod(value: string): value is SampleMethod {
  return (SAMPLE_METHODS as readonly string[]).includes(value);
}

/** How to call a mock API: one runnable sample per language and method, each copyable. */
export function ApiUsage() {
  const [method, setMethod] = useState<SampleMethod>('GET');
  const [language, setLanguage] = useState<SampleLanguage>('fetch');

  return (
    <section aria-labelledby="api-usage-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="api-usage-title" className="text-3xl font-bold tracking-tight">
        Use your API from any language
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">
        Every mock API gets a public URL. Replace <code className="font-mono">YOUR_REQUEST_ID</code>{' '}
        with your API's id and the host with this site's address, then call it like any REST API.
        The method is part of the URL: <code className="font-mono break-all">{SAMPLE_API_URL}</code>
      </p>

      <div className="mt-6 flex flex-col gap-4">
        <Tabs
          value={method}
          onValueChange={(value) => {
            if (isMethod(value)) setMethod(value);
          }}
        >
          <TabsList aria-label="HTTP method">
            {SAMPLE_METHODS.map((m) => (
              <TabsTrigger key={m} value={m} className="font-mono">
                {m}
              </TabsTrigger>
            ))}
          </TabsList>
          {SAMPLE_METHODS.map((m) => (
            <TabsContent key={m} value={m}>
              <LanguageTabs method={m} language={language} onLanguageChange={setLanguage} />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </section>
  );
}

function isLanguage(value: string): value is SampleLanguage {
  return SAMPLE_LANGUAGES.some((l) => l.id === value);
}

function LanguageTabs({
  method,
  language,
  onLanguageChange,
}: {
  method: SampleMethod;
  language: SampleLanguage;
  onLanguageChange: (language: SampleLanguage) => void;
}) {
  return (
    <Tabs
      value={language}
      onValueChange={(value) => {
        if (isLanguage(value)) onLanguageChange(value);
      }}
    >
      <TabsList aria-label={`Language for the ${method} example`}>
        {SAMPLE_LANGUAGES.map((l) => (
          <TabsTrigger key={l.id} value={l.id}>
            {l.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {SAMPLE_LANGUAGES.map((l) => (
        <TabsContent key={l.id} value={l.id}>
          <CodeBlock
            code={codeSample(l.id, method)}
            label={`${l.label} — ${method} request`}
            copyLabel={`Copy ${l.label} ${method} example`}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
