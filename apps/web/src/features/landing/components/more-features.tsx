import { ArrowDownUp, Database, FolderTree, Route, ScanSearch, Timer } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { docsAnchor, docsAnchors } from '../../../config/paths.ts';

const features = [
  {
    icon: Route,
    title: 'Custom endpoints',
    text: 'Give an API a path of its own, like /users/active, after its id.',
    link: { to: docsAnchor(docsAnchors.customEndpoints), label: 'Learn about custom endpoints' },
  },
  {
    icon: ArrowDownUp,
    title: 'Sorting',
    text: 'Add ?sort=name:asc (repeatable) to get generated lists in the order you need.',
    link: { to: docsAnchor(docsAnchors.sorting), label: 'Learn about sorting' },
  },
  {
    icon: Timer,
    title: 'Response options',
    text: 'Delays up to 10 seconds, eleven status codes from 200 to 503, headers and an optional bearer token.',
    link: { to: docsAnchor(docsAnchors.responseOptions), label: 'Learn about response options' },
  },
  {
    icon: FolderTree,
    title: 'Projects',
    text: 'A whole mock backend under one base URL: routes with named responses, rules that pick them, overrides and network profiles.',
    link: { to: docsAnchor(docsAnchors.projects), label: 'Learn about projects' },
  },
  {
    icon: Database,
    title: 'Collections and sessions',
    text: 'Resources that remember what calls add and change, each test run in a session of its own.',
    link: { to: docsAnchor(docsAnchors.collections), label: 'Learn about collections' },
  },
  {
    icon: ScanSearch,
    title: 'Inspector and API keys',
    text: 'See every call as it comes, verify them from your tests, and drive it all from CI with a key.',
    link: { to: docsAnchor(docsAnchors.inspector), label: 'Learn about the inspector' },
  },
] as const;

/** What a free account adds, each feature linking to its part of the documentation. */
export function MoreFeatures() {
  return (
    <section aria-labelledby="more-features-title" className="bg-slate-50 dark:bg-slate-900/50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="more-features-title" className="text-3xl font-bold tracking-tight">
          More with a free account
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {features.map((feature) => (
            <li
              key={feature.title}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-950"
            >
              <feature.icon
                className="size-6 text-indigo-600 dark:text-indigo-400"
                aria-hidden="true"
              />
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="flex-1 text-sm text-slate-600 dark:text-slate-300">{feature.text}</p>
              <RouterLink
                to={feature.link.to}
                className="self-start rounded-sm text-sm font-medium text-indigo-700 underline hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
              >
                {feature.link.label}
              </RouterLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
