import { describe, expect, it } from 'vitest';
import { widgetView } from './widget-view.ts';

const demo = { city: 'London' };
const live = { body: { city: 'Tokyo' }, responseTime: 42 };

describe('widgetView', () => {
  it('is loading while the first load runs', () => {
    expect(widgetView({ status: 'pending' }, demo)).toEqual({ kind: 'loading' });
  });

  it('shows the live body with its response time', () => {
    expect(widgetView({ status: 'success', data: live }, demo)).toEqual({
      kind: 'live',
      body: { city: 'Tokyo' },
      responseTime: 42,
    });
  });

  it('falls back to the demonstration data when the load fails', () => {
    expect(widgetView({ status: 'error' }, demo)).toEqual({ kind: 'demo', body: demo });
  });

  it('falls back too when a refresh fails after a successful load', () => {
    expect(widgetView({ status: 'error', data: live }, demo)).toEqual({ kind: 'demo', body: demo });
  });
});
