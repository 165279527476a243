/** Facts about the product shown in the chrome: name, tagline, contact and social accounts. */
export const site = {
  name: 'Mocksmith',
  tagline: 'Create and deploy mock APIs in seconds with no coding required.',
  supportEmail: 'support@mocksmith.dev',
  /** Placeholder accounts: replace with the real ones before launch. */
  social: [
    { label: 'GitHub', href: 'https://github.com/mocksmith' },
    { label: 'X (Twitter)', href: 'https://x.com/mocksmith' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/mocksmith' },
  ],
} as const;
