import { LegalPage, type LegalSection } from '../../components/layouts/legal-page.tsx';
import { site } from '../../config/site.ts';

const sections: readonly LegalSection[] = [
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
  {
    title: 'Data credits',
    body: 'Generated places use city and region data from GeoNames (geonames.org), licensed under CC BY 4.0. Phone number formats come from libphonenumber-js (MIT), built on the metadata of Google’s libphonenumber (Apache 2.0). Names and words come from Faker (MIT).',
  },
];

export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={`The rules for using ${site.name}. By using the service you agree to them.`}
      sections={sections}
    />
  );
}
