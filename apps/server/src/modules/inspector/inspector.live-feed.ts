/**
 * A live feed of calls as server-sent events on a hijacked response: what it writes, when it
 * skips, and the heartbeat that keeps it open through proxies.
 */
import type { ServerResponse } from 'node:http';
import type { LoggedCall } from '@mocksmith/core/inspector';
import { eventOf } from './inspector.presenter.ts';

/** A comment line every this often keeps the live feed's connection open through proxies. */
export const HEARTBEAT_MS = 15_000;
/**
 * The bytes a live feed's reader may fall behind by: past them, calls are skipped (counted, and
 * said as an event `skipped` once it reads again), so a reader that stops reading costs the
 * server this much, not every call that follows.
 */
const LIVE_BUFFER_BYTES = 256 * 1024;
/** The events of a live feed that wait while every node learns of it, at most. */
const EARLY_EVENTS = 100;

/**
 * A live feed on a response: each event written while its reader keeps up (at most
 * LIVE_BUFFER_BYTES behind), the calls it fell behind on, or that a flood did not show, counted
 * and said as one event `skipped` (`{"skipped": N}`) once it has read what was written. Nothing
 * is written before `start` (the headers): the events of that moment wait, the first
 * EARLY_EVENTS of them.
 */
export function liveFeed(socket: ServerResponse) {
  let started = false;
  let early: LoggedCall[] = [];
  let skipped = 0;
  const sayGap = () => {
    if (!started || skipped === 0 || socket.writableLength > 0) return;
    socket.write(`event: skipped\ndata: ${JSON.stringify({ skipped })}\n\n`);
    skipped = 0;
  };
  socket.on('drain', sayGap);
  return {
    event(entry: LoggedCall) {
      if (!started) {
        if (early.length < EARLY_EVENTS) early.push(entry);
        else skipped++;
      } else if (socket.writableLength > LIVE_BUFFER_BYTES) skipped++;
      else {
        sayGap();
        socket.write(eventOf(entry));
      }
    },
    skip(count: number) {
      skipped += count;
      sayGap();
    },
    heartbeat() {
      if (started && socket.writableLength === 0) socket.write(': keep-alive\n\n');
    },
    start() {
      socket.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      socket.write(': live\n\n');
      started = true;
      sayGap();
      for (const entry of early) socket.write(eventOf(entry));
      early = [];
    },
  };
}
