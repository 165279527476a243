import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';
import { docsAnchors } from '../../config/paths.ts';

const sections = [
  {
    id: docsAnchors.quickStart,
    title: 'Quick start',
    text: 'Write a JSON template, preview it and create your mock API in three steps.',
  },
  {
    id: docsAnchors.usage,
    title: 'Usage',
    text: 'Call your API URL with GET, POST, PUT or DELETE from JavaScript, Python, Java or Go.',
  },
  {
    id: docsAnchors.customEndpoints,
    title: 'Custom endpoints',
    text: 'Give an API its own path after its id, such as /users/active (with a free account).',
  },
  {
    id: docsAnchors.types,
    title: 'Data types',
    text: 'A searchable catalogue of every data type, grouped by category.',
  },
  {
    id: docsAnchors.templates,
    title: 'Templates',
    text: 'How a template maps field names to data types, nested objects and arrays.',
  },
  {
    id: docsAnchors.sorting,
    title: 'Sorting',
    text: 'Sort generated lists with ?sort=field, field:asc or field:desc, and a default ?order.',
  },
  {
    id: docsAnchors.responseOptions,
    title: 'Response options',
    text: 'Response delays, custom HTTP status codes and bearer-token authentication.',
  },
  {
    id: docsAnchors.arrayMultiplier,
    title: 'Array multiplier',
    text: 'Repeat an array item a random number of times with "__multiply": "1-5".',
  },
] as const;

export default function GetStartedRoute() {
  return (
    <PlaceholderPage
      title="Documentation"
      description="The full guide to Mocksmith is being written. Each section below will hold its part of it."
    >
      <nav aria-label="Documentation sections">
        <ul className="grid gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <li
              key={section.id}
              id={section.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
            >
              <h2 className="font-semibold">
                <a href={`#${section.id}`} className="hover:underline">
                  {section.title}
                </a>
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{section.text}</p>
            </li>
          ))}
        </ul>
      </nav>
    </PlaceholderPage>
  );
}
