import type { LoggedCallView } from '@mocksmith/core/inspector';
import { act } from '@testing-library/react';
import type { LiveSource, LiveSourceFactory } from '../api/live-requests.ts';

/** One feed the page opened: its URL, and what the test makes the server do on it. */
export interface FakeFeed {
  url: string;
  closed: boolean;
  /** The connection is open. */
  open(): void;
  /** The server sends a call. */
  push(call: LoggedCallView): void;
  /** The server says it did not send `count` calls. */
  skip(count: number): void;
  /** The connection drops (`closed`: refused, not retried by the browser). */
  fail(closed?: boolean): void;
}

/**
 * An EventSource stand-in (happy-dom has none): `factory` is given to the page, `feeds` lists
 * the feeds it opened, the last one current.
 */
export function fakeLive() {
  const feeds: FakeFeed[] = [];
  const factory: LiveSourceFactory = (url) => {
    const listeners = new Map<string, ((event: Event) => void)[]>();
    const emit = (type: string, event: Event) =>
      act(() => {
        for (const listener of listeners.get(type) ?? []) listener(event);
      });
    const source: LiveSource & { readyState: number } = {
      readyState: 0,
      addEventListener(type, listener) {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      },
      close() {
        feed.closed = true;
        source.readyState = 2;
      },
    };
    const feed: FakeFeed = {
      url,
      closed: false,
      open() {
        source.readyState = 1;
        emit('open', new Event('open'));
      },
      push(call) {
        emit('request', new MessageEvent('request', { data: JSON.stringify(call) }));
      },
      skip(count) {
        emit('skipped', new MessageEvent('skipped', { data: JSON.stringify({ skipped: count }) }));
      },
      fail(closed = false) {
        source.readyState = closed ? 2 : 0;
        emit('error', new Event('error'));
      },
    };
    feeds.push(feed);
    return source;
  };
  return {
    factory,
    feeds,
    /** The feed open now. */
    get current(): FakeFeed {
      const feed = feeds[feeds.length - 1];
      if (!feed) throw new Error('The page opened no live feed');
      return feed;
    },
  };
}
