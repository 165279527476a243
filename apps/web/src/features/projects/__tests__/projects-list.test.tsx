// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../testing/fields.ts';
import { collectionOf, projectOf, routeOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';
import { projectTexts } from '../texts.ts';

describe('the Projects screen', () => {
  it('says what a project is before the first one, and creates one with the slug it suggests', async () => {
    const store = serveProjects();
    const { user, router } = renderProjects('/dashboard/projects');

    expect(await screen.findByRole('heading', { name: projectTexts.emptyTitle })).toBeTruthy();
    expect(screen.getByText(projectTexts.emptyLine)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New project' }));

    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    const name = within(dialog).getByLabelText('Name');
    const slug = within(dialog).getByLabelText('Slug') as HTMLInputElement;
    await user.type(name, 'My Shop API');
    expect(slug.value).toBe('my-shop-api');
    expect(within(dialog).getByTestId('slug-base-url').textContent).toBe(
      'http://localhost:3000/p/my-shop-api',
    );

    // A slug typed by hand stays when the name changes.
    await user.clear(slug);
    await user.type(slug, 'shop');
    await user.type(name, ' v2');
    expect(slug.value).toBe('shop');
    expect(within(dialog).getByTestId('slug-base-url').textContent).toBe(
      'http://localhost:3000/p/shop',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/dashboard\/projects\/project-\d+$/),
    );
    expect(store.calls).toEqual([
      { method: 'POST', path: '/backend/projects', body: { name: 'My Shop API v2', slug: 'shop' } },
    ]);
    expect(await screen.findByText(projectTexts.created('My Shop API v2'))).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Shop API v2' })).toBeTruthy();
  });

  it('shows a taken slug on the slug field, and the slug rule before any call', async () => {
    const store = serveProjects([projectOf({ name: 'Shop', slug: 'shop' })]);
    const { user } = renderProjects('/dashboard/projects');
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    const slug = within(dialog).getByLabelText('Slug');

    await user.type(within(dialog).getByLabelText('Name'), 'Shop');
    await user.clear(slug);
    await user.type(slug, '-bad-');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() =>
      expectFieldError(
        slug,
        'slug must be 1 to 63 lower case letters, digits and -, starting and ending with a letter or digit',
      ),
    );
    expect(store.calls).toEqual([]);

    await user.clear(slug);
    await user.type(slug, 'shop');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expectFieldError(slug, 'The slug "shop" is taken: choose another'));
    expect(screen.getByRole('dialog', { name: 'New project' })).toBeTruthy();
    expect(store.calls).toHaveLength(1);
  });

  it('lists each project with its base URL, its routes, its collections and its last change', async () => {
    const shopProject = projectOf({
      name: 'Shop',
      slug: 'shop',
      routes: [routeOf(), routeOf({ path: '/users/{id}' })],
      updatedAt: '2026-02-01T10:00:00.000Z',
    });
    serveProjects([shopProject, projectOf({ name: 'Blog', slug: 'blog', routes: [routeOf()] })], {
      collections: {
        [shopProject.id]: [
          collectionOf({ name: 'orders' }),
          collectionOf({ name: 'carts' }),
          collectionOf({ name: 'users' }),
        ],
      },
    });
    renderProjects('/dashboard/projects');
    const list = await screen.findByRole('list', { name: 'Your projects' });
    const shop = within(list).getByRole('article', { name: 'Shop' });
    expect(within(shop).getByText('http://localhost:3000/p/shop')).toBeTruthy();
    expect(within(shop).getByText('2 routes')).toBeTruthy();
    expect(within(shop).getByText('3 collections')).toBeTruthy();
    expect(within(shop).getByText('Updated 01/02/2026')).toBeTruthy();
    expect(within(shop).getByRole('link', { name: 'Shop' }).getAttribute('href')).toMatch(
      /^\/dashboard\/projects\/project-\d+$/,
    );
    const blog = within(within(list).getByRole('article', { name: 'Blog' }));
    expect(blog.getByText('1 route')).toBeTruthy();
    expect(blog.getByText('0 collections')).toBeTruthy();
  });
});
