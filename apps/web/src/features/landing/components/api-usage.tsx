import { CodeSamples } from '../../../components/code-samples.tsx';
import { sampleUrl } from '../../../lib/code-samples.ts';

/** How to call a mock API: one runnable sample per language and method, each copyable. */
export function ApiUsage() {
  return (
    <section aria-labelledby="api-usage-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="api-usage-title" className="text-3xl font-bold tracking-tight">
        Use your API from any language
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">
        Every mock API gets a public URL. Replace <code className="font-mono">YOUR_REQUEST_ID</code>{' '}
        with your API's id and the host with this site's address, then call it like any REST API.
        The method is part of the URL:{' '}
        <code className="font-mono break-all">{sampleUrl('GET')}</code>
      </p>

      <div className="mt-6">
        <CodeSamples name="example" />
      </div>
    </section>
  );
}
