// @vitest-environment happy-dom
import { compileSample, type SampleCode } from '@mocksmith/core';
import type { SocialSample, WeatherSample } from '@mocksmith/core/samples';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backend } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import ExamplesRoute from '../examples.tsx';

/** A body of each sample API as the server answers it. */
const served = (code: SampleCode) => compileSample(code).generate({ seed: 'examples-test' });

/** Serves these bodies at the sample APIs' URLs; the others answer as the server would. */
function serveSamples(bodies: Partial<Record<SampleCode, unknown>> = {}) {
  server.use(
    http.get(backend('/apitemplate/get/:code'), ({ params }) => {
      const code = params.code as SampleCode;
      return HttpResponse.json((bodies[code] ?? served(code)) as object);
    }),
  );
}

function renderExamples() {
  return renderApp([{ path: '/examples', element: <ExamplesRoute /> }], { at: '/examples' });
}

/** The lucide icon of each condition, as the spec's four conditions are drawn. */
const ICON_CLASSES: Record<string, string> = {
  Sunny: 'lucide-sun',
  'Partly cloudy': 'lucide-cloud-sun',
  Cloudy: 'lucide-cloud',
  Rainy: 'lucide-cloud-rain',
};

/**
 * happy-dom lays nothing out and its IntersectionObserver never reports, so a widget that calls
 * its API once near the screen would never call it: here every element observed is on the
 * screen, as the widgets at the top of a phone's page are (the browser tests scroll for real).
 */
class OnScreenObserver {
  readonly #report: IntersectionObserverCallback;
  constructor(report: IntersectionObserverCallback) {
    this.#report = report;
  }
  observe(target: Element) {
    const entry = { target, isIntersecting: true } as IntersectionObserverEntry;
    queueMicrotask(() => this.#report([entry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', OnScreenObserver);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('the examples showcase', () => {
  it("shows the spec's 'Copy API URL' on the button itself, and keeps it once copied", async () => {
    serveSamples();
    const { user } = renderExamples();
    await screen.findByTestId('weather-preview');
    const buttons = screen.getAllByRole('button', { name: 'Copy API URL' });
    // The weather widget (the open tab) and the social widget.
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      expect(button.textContent).toBe('Copy API URL');
      expect(button.hasAttribute('aria-label')).toBe(false);
    }
    // The page's clipboard (user-event's stand-in) is only for secure pages.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    await user.click(buttons[0] as HTMLElement);
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      'http://localhost:3000/backend/apitemplate/get/weather',
    );
    expect(buttons[0]?.textContent).toBe('Copy API URL');
  });

  it('wraps the long lines of the JSON Response instead of cutting them', async () => {
    const weather = served('weather') as WeatherSample;
    const long = `${'A very long description without a place to break '.repeat(4)}${'x'.repeat(200)}`;
    serveSamples({ weather: { ...weather, current: { ...weather.current, description: long } } });
    renderExamples();
    await screen.findByTestId('weather-preview');
    const [panel] = screen.getAllByText('JSON Response');
    const pre = panel?.closest('figure')?.querySelector('pre');
    expect(pre?.textContent).toContain(long);
    expect(pre?.className).toMatch(/\bwhitespace-pre-wrap\b/);
    expect(pre?.className).toMatch(/\bwrap-anywhere\b/);
    expect(pre?.className).not.toMatch(/\boverflow-x-auto\b/);
    // Code keeps its lines: the how-to's template still scrolls sideways.
    const template = screen.getByText('Weather JSON template').closest('figure');
    expect(template?.querySelector('pre')?.className).toMatch(/\boverflow-x-auto\b/);
  });

  it("draws each forecast day's icon from its condition", async () => {
    const weather = served('weather') as WeatherSample;
    const conditions = ['sunny', 'partly_cloudy', 'cloudy', 'rainy', 'sunny'];
    const forecast = weather.forecast.map((day, i) => ({ ...day, condition: conditions[i] }));
    serveSamples({ weather: { ...weather, forecast } });
    renderExamples();
    const preview = await screen.findByTestId('weather-preview');
    const days = within(preview).getAllByRole('listitem');
    expect(days).toHaveLength(5);
    for (const day of days) {
      const label = day.textContent?.match(/: ([A-Za-z ]+),/)?.[1] ?? '';
      expect(day.querySelector('svg')?.classList.contains(ICON_CLASSES[label] ?? '?'), label).toBe(
        true,
      );
    }
  });

  it("offers the spec's platforms in the social selector, whatever the answer lists", async () => {
    const social = served('social') as SocialSample;
    const [first] = social.platforms;
    if (!first) throw new Error('the social sample has no platform');
    const platforms = ['LinkedIn', 'Twitter', 'YouTube'].map((name) => ({ ...first, name }));
    serveSamples({ social: { platforms } });
    const { user } = renderExamples();
    await screen.findByTestId('social-preview');
    const selector = within(screen.getByRole('group', { name: 'Platform' }));
    await waitFor(() => expect(screen.queryByText('Loading social media data…')).toBeNull());
    const buttons = selector.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Twitter',
      'Facebook',
      'Instagram',
    ]);
    expect(selector.getByRole('button', { name: 'Twitter' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText(/on Twitter$/)).toBeTruthy();

    await user.click(selector.getByRole('button', { name: 'Facebook' }));
    expect(screen.getByText('This response has no Facebook account.')).toBeTruthy();
  });
});
