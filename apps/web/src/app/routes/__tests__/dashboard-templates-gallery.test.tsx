// @vitest-environment happy-dom
import type { GalleryPage } from '@mocksmith/core/gallery';
import { authMessages, galleryMessages } from '@mocksmith/core/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/data.ts';
import { galleryTemplate } from '../../../testing/gallery.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { recordCalls, server } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import DashboardTemplatesGalleryRoute from '../dashboard-templates-gallery.tsx';

function renderGallery(at = '/dashboard/templates-gallery') {
  return renderApp(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard/templates-gallery', element: <DashboardTemplatesGalleryRoute /> },
        ],
      },
      { path: '/auth', element: <p>Auth page</p> },
    ],
    { at, user: testUser },
  );
}

/** Serves the gallery: `pages` one after the other by cursor; records each query string. */
function serveGallery(...pages: GalleryPage[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(backend('/templates-gallery'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const index = Number(query.get('cursor') ?? 0);
      return HttpResponse.json(pages[index] ?? { templates: [], nextCursor: null });
    }),
  );
  return queries;
}

const card = async (name: string) =>
  within((await screen.findByRole('heading', { name })).closest('article')!);

describe('the Templates Gallery page', () => {
  it('renders a card per template with its badges, tags, likes and author', async () => {
    const queries = serveGallery({
      templates: [
        galleryTemplate({
          name: 'Shop Orders',
          description: 'Orders of an online shop',
          requestEnum: 'POST',
          tags: ['shop', 'orders', 'cart', 'payments', 'refunds'],
          likesCount: 12,
          author: { username: 'grace' },
        }),
        galleryTemplate({ name: 'Users', isOfficial: true, author: { username: 'Mocksmith' } }),
      ],
      nextCursor: null,
    });
    renderGallery();
    const shop = await card('Shop Orders');
    expect(shop.getByText('POST')).toBeTruthy();
    expect(shop.getByText('Orders of an online shop')).toBeTruthy();
    const tags = within(shop.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['shop', 'orders', 'cart', '+2']);
    expect(shop.getByText('12 likes')).toBeTruthy();
    expect(shop.getByText('by grace')).toBeTruthy();
    expect(shop.queryByText('Official')).toBeNull();
    expect(shop.getByText('E-commerce')).toBeTruthy();
    expect((await card('Users')).getByText('Official')).toBeTruthy();
    expect(queries[0]?.get('sort')).toBe('popular');
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.has('category')).toBe(false);
  });

  it('says so when nothing is found, and opens the view a link names', async () => {
    const queries = serveGallery({ templates: [], nextCursor: null });
    renderGallery('/dashboard/templates-gallery?sort=official&category=auth');
    expect(await screen.findByText('No templates found')).toBeTruthy();
    expect(queries[0]?.get('sort')).toBe('official');
    expect(queries[0]?.get('category')).toBe('auth');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe(
      'official',
    );
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe(
      'auth',
    );
  });

  it('keeps the filters in the URL and searches once typing settles', async () => {
    const queries = serveGallery({ templates: [], nextCursor: null });
    const { user, router } = renderGallery();
    await screen.findByText('No templates found');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'blog');
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'posts');
    await waitFor(() => expect(router.state.location.search).toContain('search=posts'));
    expect(router.state.location.search).toContain('category=blog');
    // The URL changes first, then the page asks the server.
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('posts'));
    expect(queries.at(-1)?.get('category')).toBe('blog');
    // Debounced: no query for every letter typed (how many depends on the machine's speed).
    expect(queries.filter((query) => query.has('search')).length).toBeLessThan(5);
  });

  it('shows an HTML payload as text, creating no element', async () => {
    serveGallery({
      templates: [
        galleryTemplate({
          name: '<img src=x onerror="window.pwned=1">',
          description: '<script>window.pwned=1</script><b>bold</b>',
          tags: ['<a href="javascript:alert(1)">x</a>'],
          author: { username: '<i>evil</i>' },
        }),
      ],
      nextCursor: null,
    });
    renderGallery();
    const shown = await card('<img src=x onerror="window.pwned=1">');
    expect(shown.getByText('<script>window.pwned=1</script><b>bold</b>')).toBeTruthy();
    expect(shown.getByText('<a href="javascript:alert(1)">x</a>')).toBeTruthy();
    expect(shown.getByText('by <i>evil</i>')).toBeTruthy();
    const main = document.body;
    expect(main.querySelector('img, script, b, i, a[href^="javascript"]')).toBeNull();
  });

  it('toggles a like from the answer, with its toast and count', async () => {
    serveGallery({
      templates: [galleryTemplate({ id: 'tpl-like', name: 'Likeable', likesCount: 4 })],
      nextCursor: null,
    });
    let liked = false;
    server.use(
      http.post(backend('/templates-gallery/tpl-like/like'), () => {
        liked = !liked;
        return HttpResponse.json({
          newLikesCount: liked ? 5 : 4,
          action: liked ? 'liked' : 'unliked',
        });
      }),
    );
    const { user } = renderGallery();
    const likeable = await card('Likeable');
    const like = likeable.getByRole('button', { name: 'Like' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);
    expect(await screen.findByText(galleryMessages.liked)).toBeTruthy();
    expect(likeable.getByRole('button', { name: 'Liked' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(likeable.getByText('5 likes')).toBeTruthy();
    await user.click(likeable.getByRole('button', { name: 'Liked' }));
    expect(await screen.findByText(galleryMessages.unliked)).toBeTruthy();
    expect(likeable.getByText('4 likes')).toBeTruthy();
  });

  it('says why a like failed', async () => {
    serveGallery({ templates: [galleryTemplate({ id: 'tpl-x', name: 'X' })], nextCursor: null });
    server.use(
      http.post(backend('/templates-gallery/tpl-x/like'), () =>
        errorAnswer(500, 'INTERNAL', 'boom'),
      ),
    );
    const { user } = renderGallery();
    await user.click((await card('X')).getByRole('button', { name: 'Like' }));
    expect(await screen.findByText(galleryMessages.updateLikeFailed)).toBeTruthy();
  });

  it('uses a template once per click while busy, then toasts', async () => {
    serveGallery({
      templates: [
        galleryTemplate({ id: 'tpl-use', name: 'Blog Posts' }),
        galleryTemplate({ name: 'Other One' }),
      ],
      nextCursor: null,
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    server.use(
      // The call has no body.
      http.post(backend('/templates-gallery/tpl-use/use'), async ({ request }) => {
        calls.push(await request.text());
        await released;
        return HttpResponse.json({
          message: 'ok',
          id: 'api-9',
          requestId: 'req9',
          name: 'Blog Posts',
          link: 'http://localhost:3000/backend/apitemplate/get/req9',
        });
      }),
    );
    const { user } = renderGallery();
    const blog = await card('Blog Posts');
    await user.click(blog.getByRole('button', { name: 'Use Template' }));
    const busy = await blog.findByRole('button', { name: 'Using...' });
    await user.click(busy);
    await user.click(busy);
    // Only this card is busy.
    expect((await card('Other One')).getByRole('button', { name: 'Use Template' })).toBeTruthy();
    release();
    expect(await screen.findByText('Template "Blog Posts" added to your APIs!')).toBeTruthy();
    expect(calls).toEqual(['']);
    expect(blog.getByRole('button', { name: 'Use Template' })).toBeTruthy();
  });

  it('names the failure of Use Template by its status', async () => {
    serveGallery({
      templates: [galleryTemplate({ id: 'tpl-gone', name: 'Gone' })],
      nextCursor: null,
    });
    server.use(
      http.post(backend('/templates-gallery/tpl-gone/use'), () =>
        errorAnswer(403, 'TEMPLATE_NOT_PUBLIC', galleryMessages.notPublic),
      ),
    );
    const { user, router } = renderGallery();
    await user.click((await card('Gone')).getByRole('button', { name: 'Use Template' }));
    expect(
      await screen.findByText(galleryMessages.useNotPublic(galleryMessages.notPublic)),
    ).toBeTruthy();
    // A 403 of the call itself does not end the session.
    expect(router.state.location.pathname).toBe('/dashboard/templates-gallery');
  });

  it('ends the session of a banned user with the suspended toast', async () => {
    serveGallery({
      templates: [galleryTemplate({ id: 'tpl-b', name: 'Banned Like' })],
      nextCursor: null,
    });
    server.use(
      http.post(backend('/templates-gallery/tpl-b/like'), () =>
        errorAnswer(403, 'ACCOUNT_BANNED', authMessages.banned),
      ),
    );
    const { user, router } = renderGallery();
    await user.click((await card('Banned Like')).getByRole('button', { name: 'Like' }));
    expect(await screen.findByText(authMessages.suspended)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('reports a template with a reason and a note', async () => {
    serveGallery({
      templates: [galleryTemplate({ id: 'tpl-r', name: 'Spam' })],
      nextCursor: null,
    });
    const calls = recordCalls('post', backend('/templates-gallery/tpl-r/report'), () =>
      HttpResponse.json({ message: 'ok' }, { status: 201 }),
    );
    const { user } = renderGallery();
    await user.click((await card('Spam')).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report template' });
    await user.click(within(dialog).getByRole('radio', { name: 'Malware or harmful links' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), ' bad link ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(galleryMessages.reported)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ reason: 'malware', note: 'bad link' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the template was already reported', async () => {
    serveGallery({
      templates: [galleryTemplate({ id: 'tpl-r2', name: 'Twice' })],
      nextCursor: null,
    });
    server.use(
      http.post(backend('/templates-gallery/tpl-r2/report'), () =>
        errorAnswer(409, 'ALREADY_REPORTED', galleryMessages.alreadyReported),
      ),
    );
    const { user } = renderGallery();
    await user.click((await card('Twice')).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report template' });
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(galleryMessages.alreadyReported)).toBeTruthy();
  });

  it("offers no Report on one's own template nor on an official one", async () => {
    serveGallery({
      templates: [
        galleryTemplate({ name: 'Mine', userIsAuthor: true }),
        galleryTemplate({ name: 'Theirs' }),
        galleryTemplate({
          name: 'Official one',
          isOfficial: true,
          author: { username: 'Mocksmith' },
        }),
      ],
      nextCursor: null,
    });
    renderGallery();
    expect((await card('Theirs')).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect((await card('Mine')).queryByRole('button', { name: 'Report' })).toBeNull();
    expect((await card('Mine')).getByRole('button', { name: 'Use Template' })).toBeTruthy();
    expect((await card('Official one')).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('asks for a reason beside the choices, and shows a refusal in the server’s words', async () => {
    serveGallery({
      templates: [galleryTemplate({ id: 'tpl-r3', name: 'Refused' })],
      nextCursor: null,
    });
    const calls = recordCalls('post', backend('/templates-gallery/tpl-r3/report'), () =>
      errorAnswer(400, 'BAD_REQUEST', galleryMessages.cannotReportOwn),
    );
    const { user } = renderGallery();
    await user.click((await card('Refused')).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report template' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeTruthy();
    expect(
      within(dialog).getByRole('radiogroup', { name: 'Reason' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(galleryMessages.cannotReportOwn)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ reason: 'other' });
  });

  it('previews the template pretty-printed, or as written when it is not JSON', async () => {
    serveGallery({
      templates: [
        galleryTemplate({ name: 'Json', template: '{"id":"uuid"}' }),
        galleryTemplate({ name: 'Broken', template: '{oops' }),
      ],
      nextCursor: null,
    });
    const { user } = renderGallery();
    await user.click((await card('Json')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Json' });
    expect(within(dialog).getByLabelText('Template JSON').textContent).toBe('{\n  "id": "uuid"\n}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click((await card('Broken')).getByRole('button', { name: 'Preview' }));
    const broken = await screen.findByRole('dialog', { name: 'Broken' });
    expect(within(broken).getByLabelText('Template JSON').textContent).toBe('{oops');
  });

  it('loads the next page with Load more', async () => {
    const queries = serveGallery(
      { templates: [galleryTemplate({ name: 'First' })], nextCursor: '1' },
      { templates: [galleryTemplate({ name: 'Second' })], nextCursor: null },
    );
    const { user } = renderGallery();
    await card('First');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await card('Second');
    expect(queries.at(-1)?.get('cursor')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says the gallery failed to load', async () => {
    server.use(
      http.get(backend('/templates-gallery'), async () => {
        await delay(1);
        return errorAnswer(500, 'INTERNAL', 'boom');
      }),
    );
    renderGallery();
    await waitFor(() =>
      expect(screen.getAllByText(galleryMessages.loadFailed).length).toBeGreaterThanOrEqual(2),
    );
  });
});
