/** Gallery and moderation data of the component tests. */
import type { AdminReport, AdminUser, GalleryTemplate } from '@mocksmith/core/gallery';

let count = 0;

/** A gallery template as the server lists it, with a fresh id. */
export function galleryTemplate(overrides: Partial<GalleryTemplate> = {}): GalleryTemplate {
  count += 1;
  const id = overrides.id ?? `tpl-${count}`;
  return {
    id,
    _id: id,
    name: `Template ${count}`,
    description: 'A shared template for tests',
    category: 'ecommerce',
    requestEnum: 'GET',
    tags: [],
    likesCount: 0,
    userHasLiked: false,
    userIsAuthor: false,
    isOfficial: false,
    author: { username: 'grace' },
    template: '{"id":"uuid","name":"string.name.fullname"}',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An account as the moderation screen lists it. */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  count += 1;
  return {
    id: `user-${count}`,
    username: `user${count}`,
    email: `user${count}@example.test`,
    banned: false,
    isAdmin: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An open report of a template. */
export function adminReport(overrides: Partial<AdminReport> = {}): AdminReport {
  count += 1;
  return {
    id: `report-${count}`,
    reason: 'hateful',
    note: null,
    createdAt: '2026-01-06T10:00:00.000Z',
    reporter: { username: 'reporter' },
    template: {
      id: `tpl-${count}`,
      name: `Reported ${count}`,
      description: 'A reported template',
      category: 'other',
      tags: [],
      template: '{"id":"uuid"}',
      isPublic: true,
      isOfficial: false,
      disabled: false,
      author: adminUser({ username: 'mallory' }),
    },
    ...overrides,
  };
}
