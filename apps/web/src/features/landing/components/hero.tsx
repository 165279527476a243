import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths, templateGeneratorId } from '../../../config/paths.ts';
import { Mascot } from './mascot.tsx';
import { OpenApiBanner } from './openapi-banner.tsx';
import { TryItOutButton } from './try-it-out-button.tsx';
import { Typewriter } from './typewriter.tsx';

const claims = [
  'Free forever',
  'No credit card',
  'Unlimited API endpoints',
  'Custom response headers and status codes',
  'Custom endpoints',
  'JSON response format',
  'Realistic mock data',
  'OpenAPI import',
] as const;

/**
 * The top of the landing page: what Mocksmith does, in one line, and the way in. The mascot and
 * the 'Try it out' button sit in its margins, where they cover nothing.
 */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-linear-to-b from-indigo-50 to-white dark:from-slate-900 dark:to-slate-950"
    >
      <div className="relative mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 pt-12 pb-16 text-center sm:pt-16">
        <OpenApiBanner />
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          Mock REST APIs in seconds
        </h1>
        <p className="text-2xl font-semibold sm:text-3xl">
          Instantly generate <Typewriter />
        </p>
        <p className="max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Write a JSON template, preview realistic data and get a live URL to call. Create and
          deploy mock APIs in seconds with no coding required.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <RouterLink to={paths.auth} className={buttonClasses('primary', 'md')}>
            Get Started — Free Forever
          </RouterLink>
          <RouterLink to={paths.getStarted} className={buttonClasses('secondary', 'md')}>
            Learn More<span className="sr-only"> about templates and data types</span>
          </RouterLink>
          <TryItOutButton targetId={templateGeneratorId} />
        </div>
        <ul
          aria-label="Why Mocksmith"
          className="flex max-w-3xl flex-wrap justify-center gap-2 text-sm"
        >
          {claims.map((claim) => (
            <li
              key={claim}
              className="rounded-full border border-slate-200 bg-white px-3 py-1 text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
            >
              {claim}
            </li>
          ))}
        </ul>
        <Mascot />
      </div>
    </section>
  );
}
