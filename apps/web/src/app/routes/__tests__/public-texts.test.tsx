// @vitest-environment happy-dom
/**
 * The public pages say what the product does today: the privacy policy names what is really
 * stored (the browser's keys as the code writes them, and the gallery's likes, reports and
 * moderation log on the server), and the banner, the roadmap and the changelog tell one story
 * of pagination. Each text pinned here was once wrong.
 */
import { catalogue } from '@mocksmith/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUICK_START_DISMISSED_KEY } from '../../../features/apis/components/quick-start-guide.tsx';
import { BANNER_MESSAGES } from '../../../features/landing/constants.ts';
import { SIDEBAR_STORAGE_KEY } from '../../../lib/sidebar-state.ts';
import { USER_STORAGE_KEY } from '../../../lib/stored-user.ts';
import { THEME_STORAGE_KEY } from '../../../lib/theme.ts';
import { renderApp } from '../../../testing/render.tsx';
import PrivacyRoute from '../privacy.tsx';
import RoadmapRoute from '../roadmap.tsx';

const renderPrivacy = () =>
  renderApp([{ path: '/privacy', element: <PrivacyRoute /> }], { at: '/privacy' });
const renderRoadmap = () =>
  renderApp([{ path: '/roadmap', element: <RoadmapRoute /> }], { at: '/roadmap' });

const bodyText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');

describe('the privacy policy', () => {
  it('names every key the site keeps in the browser, under the names the code uses', () => {
    renderPrivacy();
    const section = screen.getByRole('heading', { name: 'Cookies and browser storage' })
      .parentElement as HTMLElement;
    const keys = within(section)
      .getAllByText((_, element) => element?.tagName === 'CODE')
      .map((code) => code.textContent);
    expect(keys).toEqual([
      USER_STORAGE_KEY,
      QUICK_START_DISMISSED_KEY,
      THEME_STORAGE_KEY,
      SIDEBAR_STORAGE_KEY,
    ]);
    const text = (section.textContent ?? '').replace(/\s+/g, ' ');
    // The stored user is more than a name and an address.
    expect(text).toContain(
      'your account id, display name and e-mail address, and whether the account signs in with Google, is suspended or is an administrator',
    );
  });

  it('describes the gallery as open, and the likes, reports and moderation log the server keeps', () => {
    renderPrivacy();
    const text = bodyText();
    expect(text).not.toMatch(/once the Templates Gallery opens/i);
    expect(
      screen.getByRole('heading', { name: 'The Templates Gallery and moderation' }),
    ).toBeTruthy();
    expect(text).toContain('is shown in the Templates Gallery, which anyone can read');
    expect(text).toContain('When you like a template we store that you liked it');
    expect(text).toContain('when you report one we store the reason, your note');
    expect(text).toContain('kept in a moderation log');
    expect(text).toContain(
      'Your account, templates, call counts, history, likes and reports are kept until you delete your account.',
    );
    expect(text).toContain(
      'The moderation log keeps its entries after the account or the template is gone.',
    );
  });

  it('says the server logs keep the network address, and the sessions do not', () => {
    renderPrivacy();
    const text = bodyText();
    expect(text).toContain('the network address it came from');
    expect(text).toContain(
      'Each session records the browser’s user agent, not its network address.',
    );
  });
});

describe('pagination, in the banner, the roadmap and the changelog', () => {
  it('is live on mock URLs and in progress in the dashboard, said alike everywhere', () => {
    renderRoadmap();
    // The spec's words: 'In progress: Pagination Support'.
    const inProgress = screen.getByRole('region', { name: 'In progress' });
    const card = within(inProgress).getByRole('heading', { name: 'Pagination Support' })
      .parentElement?.parentElement as HTMLElement;
    const cardText = card.textContent ?? '';
    expect(cardText).toContain('Live on every mock URL since v0.2.0: ?page=2&limit=10');
    expect(cardText).toContain('In progress: pages in the dashboard’s list of your APIs');

    const changelog = screen.getByRole('region', { name: 'Changelog' });
    const v020 = within(changelog).getByText('v0.2.0').closest('li') as HTMLElement;
    expect(v020.textContent).toContain('pagination (page and limit)');

    // The banner's fourth message announces what is next, not what already works.
    expect(BANNER_MESSAGES[3]).toBe(
      'Coming next: pagination support in the dashboard. Mock URLs already page with ?page=2&limit=10.',
    );
  });

  it('lists the gallery, the OpenAPI import and the exports in the changelog, and the true catalogue size', () => {
    renderRoadmap();
    const changelog = screen.getByRole('region', { name: 'Changelog' });
    const text = changelog.textContent ?? '';
    expect(text).toContain('Templates Gallery: share an API');
    expect(text).toContain('OpenAPI import: an OpenAPI 3.0, 3.1 or Swagger 2.0 file');
    expect(text).toContain('Postman export: a Postman Collection v2.1.0');
    const groups = new Set(catalogue.map((type) => type.category)).size;
    expect(bodyText()).toContain(`${catalogue.length} types in ${groups} groups`);
  });
});
