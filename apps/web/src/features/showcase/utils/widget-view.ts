import type { SampleResponse } from '../api/get-sample.ts';

/** What a widget shows: a spinner, the live body, or its demonstration data under the warning. */
export type WidgetView<T> =
  | { kind: 'loading' }
  | { kind: 'live'; body: T; responseTime: number }
  | { kind: 'demo'; body: T };

/**
 * The view of a widget from its query's status. A failed load, first or on Refresh, shows the
 * demonstration data (spec section 4), even when an earlier load had succeeded.
 */
export function widgetView<T>(
  query: { status: 'pending' | 'error' | 'success'; data?: SampleResponse<T> },
  demo: T,
): WidgetView<T> {
  if (query.status === 'error') return { kind: 'demo', body: demo };
  if (query.status === 'success' && query.data) {
    return { kind: 'live', body: query.data.body, responseTime: query.data.responseTime };
  }
  return { kind: 'loading' };
}
