// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import { TemplatesSection } from './templates-section.tsx';

describe('the documentation’s Templates section', () => {
  it('links to the official templates of the gallery', async () => {
    renderApp([{ path: '/get-started', element: <TemplatesSection /> }], { at: '/get-started' });
    const link = await screen.findByRole('link', {
      name: 'official templates in the Templates Gallery',
    });
    expect(link.getAttribute('href')).toBe('/dashboard/templates-gallery?sort=official');
  });
});
