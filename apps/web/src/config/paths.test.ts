// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mockCallUrl, mockOrigin } from './paths.ts';

/** The page's meta tag as the server fills it (the page itself is at http://localhost:3000). */
function serverWrote(content: string, { apart = false } = {}) {
  const meta = document.createElement('meta');
  meta.name = 'mocksmith-mock-origin';
  meta.content = content;
  if (apart) meta.setAttribute('data-apart', '');
  document.head.append(meta);
}

const SAMPLE = '/backend/apitemplate/get/weather';

describe('the mock origin', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
  });

  it('shows the origin the server names, else the page’s own', () => {
    expect(mockOrigin()).toBe('http://localhost:3000');
    serverWrote('https://mocks.example');
    expect(mockOrigin()).toBe('https://mocks.example');
  });

  it('calls a shown mock URL on the page’s own origin when the mocks share the site’s host', () => {
    // PUBLIC_URL names 127.0.0.1, the page was reached as localhost: the CSP allows only 'self'.
    serverWrote('http://127.0.0.1:3000');
    expect(mockCallUrl(`http://127.0.0.1:3000${SAMPLE}?page=2`)).toBe(
      `http://localhost:3000${SAMPLE}?page=2`,
    );
    expect(mockCallUrl(`http://127.0.0.1:3000/backend/a%20b/get/x`)).toBe(
      'http://localhost:3000/backend/a%20b/get/x',
    );
  });

  it('calls a shown mock URL where it is shown when the mocks live on a host of their own', () => {
    serverWrote('https://mocks.example', { apart: true });
    expect(mockCallUrl(`https://mocks.example${SAMPLE}`)).toBe(`https://mocks.example${SAMPLE}`);
  });
});
