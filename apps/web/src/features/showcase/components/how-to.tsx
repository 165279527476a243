import { type SampleApi, sampleTemplateText } from '@mocksmith/core/samples';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';

/**
 * The three steps to build the widget's API yourself (spec): log in and open the editor, paste
 * the sample's JSON template, click Create API.
 */
export function HowTo({ sample, name }: { sample: SampleApi; name: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900/60"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {/* The widget's name keeps each section's name its own (two widgets show at once). */}
        Build the {name} API in three steps
      </h3>
      <ol className="mt-4 space-y-4">
        <Step number={1}>
          Go to the{' '}
          <RouterLink to={paths.auth} className={textLinkClasses}>
            login page
          </RouterLink>{' '}
          and open the template editor:{' '}
          <RouterLink to={paths.dashboardApi} className={textLinkClasses}>
            APIs
          </RouterLink>{' '}
          in the dashboard.
        </Step>
        <Step number={2}>
          <p>Paste this JSON template into the editor and give the API a name.</p>
          <CodeBlock
            code={sampleTemplateText(sample)}
            label={`${name} JSON template`}
            copyLabel={`Copy ${name} JSON template`}
            // Full width on a phone: the steps' indent would leave the code too narrow.
            className="mt-2 -ml-10 sm:ml-0 [&_pre]:max-h-80 [&_pre]:overflow-y-auto"
          />
        </Step>
        <Step number={3}>
          Click <strong>Create API</strong>. Its URL answers a body of this same shape, with fresh
          data on every call.
        </Step>
      </ol>
    </section>
  );
}

function Step({ number, children }: { number: number; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white dark:bg-indigo-500"
      >
        {number}
      </span>
      <div className="min-w-0 flex-1 pt-0.5 text-sm text-slate-700 dark:text-slate-200">
        <span className="sr-only">Step {number}: </span>
        {children}
      </div>
    </li>
  );
}
