/**
 * For tests of the live inspector over real sockets: a test app's origin once it listens, and a
 * reader of a live feed's server-sent events.
 */
import type { AddressInfo } from 'node:net';
import type { TestApp } from './helper.ts';

/** The app's origin, listening on a free loopback port from the first call. */
export async function originOf(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A live feed's event: its name and its data. */
export interface FeedEvent {
  event: string;
  data: string;
}

/**
 * Reads a live feed's events into `events` until the body ends, telling `onEvent` of each as it
 * arrives (a test that times them).
 */
export function readFeed(body: ReadableStream<Uint8Array>, onEvent?: (event: FeedEvent) => void) {
  const events: FeedEvent[] = [];
  const reader = body.getReader();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(text)?.[1];
        if (!data) continue;
        const event = { event: /^event: (.*)$/m.exec(text)?.[1] ?? 'message', data };
        events.push(event);
        onEvent?.(event);
      }
    }
  })();
  return { events, reading };
}
