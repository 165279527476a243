import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { site } from '../../config/site.ts';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title.ts';

const sections = [
  {
    title: 'Your account',
    body: 'Keep your account and its credentials secure. Use the service lawfully, and do not probe, scan or test the security of the service.',
  },
  {
    title: 'Prohibited content',
    body: 'Templates and mock APIs must not contain illegal or hateful content, material that infringes the rights of others, personal data published without consent, or malware. Such content leads to immediate suspension or termination of the account.',
  },
  {
    title: 'Reports and reviews',
    body: 'Reported content is reviewed and removed within 24 hours. We may periodically review user templates to keep the service safe.',
  },
  {
    title: 'Fair use',
    body: 'Rate limiting applies to mock endpoints and uploads so the service stays fast for everyone.',
  },
  {
    title: 'Availability',
    body: 'We aim for 99.9% uptime, but we do not guarantee it.',
  },
  {
    title: 'Your data',
    body: 'You keep ownership of your data and templates.',
  },
  {
    title: 'Termination',
    body: 'We may terminate accounts at our discretion.',
  },
  {
    title: 'Changes to these terms',
    body: 'These terms may change at any time. Continuing to use the service means you accept the terms in force.',
  },
] as const;

export default function TermsRoute() {
  useDocumentTitle(pageTitle('Terms of Service'));
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Terms of Service</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">
        The rules for using {site.name}. By using the service you agree to them.
      </p>
      {sections.map((section) => (
        <section key={section.title} className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <p className="text-slate-700 dark:text-slate-300">{section.body}</p>
        </section>
      ))}
      <p className="text-slate-700 dark:text-slate-300">
        Questions? Write to{' '}
        <a
          href={`mailto:${site.supportEmail}`}
          className="text-indigo-700 underline dark:text-indigo-300"
        >
          {site.supportEmail}
        </a>
        .
      </p>
      <p>
        <RouterLink to={paths.home} className={buttonClasses('secondary', 'md')}>
          Back to the home page
        </RouterLink>
      </p>
    </article>
  );
}
