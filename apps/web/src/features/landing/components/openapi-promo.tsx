import { ArrowRight, FileCode, FileJson, Layers } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

const steps = [
  {
    icon: FileCode,
    title: 'Upload your spec',
    text: 'Drop an OpenAPI 3.0 file in JSON or YAML (.json, .yaml, .yml).',
  },
  {
    icon: Layers,
    title: 'One mock per endpoint',
    text: 'Every path and method becomes its own template, built from the response examples and schemas.',
  },
  {
    icon: FileJson,
    title: 'Call them right away',
    text: 'Each generated API gets a live URL you can test, share or export to Postman.',
  },
] as const;

/** The OpenAPI Import promotion: what it does and the way to it (sign-in first). */
export function OpenApiPromo() {
  return (
    <section aria-labelledby="openapi-promo-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="rounded-2xl border border-indigo-200 bg-indigo-50 p-6 sm:p-10 dark:border-indigo-900 dark:bg-indigo-950/40">
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700 dark:text-indigo-300">
          New
        </p>
        <h2 id="openapi-promo-title" className="mt-1 text-3xl font-bold tracking-tight">
          Import your OpenAPI specification
        </h2>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
          Already have an API contract? Turn every endpoint of it into a working mock API in one
          upload, with no template to write.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {steps.map((step) => (
            <li key={step.title} className="rounded-lg bg-white p-4 shadow-sm dark:bg-slate-900">
              <step.icon
                className="size-6 text-indigo-600 dark:text-indigo-400"
                aria-hidden="true"
              />
              <h3 className="mt-2 font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{step.text}</p>
            </li>
          ))}
        </ul>
        <RouterLink to={paths.auth} className={`${buttonClasses('primary', 'md')} mt-6`}>
          Import an OpenAPI file
          <ArrowRight className="size-4" aria-hidden="true" />
        </RouterLink>
      </div>
    </section>
  );
}
