/** The log as a person at a terminal reads it, and as machines read it everywhere else. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, readableLog, writesReadableLog } from './logger.ts';

describe('LOG_FORMAT', () => {
  it('writes readable lines to a terminal and JSON elsewhere, unless told', () => {
    expect(writesReadableLog('auto', true)).toBe(true);
    expect(writesReadableLog('auto', false)).toBe(false);
    expect(writesReadableLog('json', true)).toBe(false);
    expect(writesReadableLog('pretty', false)).toBe(true);
  });
});

describe('the readable log', () => {
  it('puts each entry on one line: a request by method and URL, its answer by status and time', () => {
    let text = '';
    const destination = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const log = pino(loggerOptions('info'), readableLog(destination));
    const request = {
      method: 'GET',
      url: '/reset-password/a-secret-token',
      headers: { host: 'localhost:3000', cookie: 'mocksmith.session_token=a-session' },
      socket: { remoteAddress: '127.0.0.1' },
    };
    log.info({ req: request, reqId: 'req-1' }, 'incoming request');
    log.info({ res: { statusCode: 200 }, responseTime: 3.4, reqId: 'req-1' }, 'request completed');
    log.info(
      { toDomain: 'example.test', file: '/data/outbox/1.eml' },
      'mail written to the outbox',
    );
    log.warn('mail to ann@example.test failed');

    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: incoming request: GET \/reset-password\/\[redacted\]$/,
    );
    expect(lines[1]).toMatch(/INFO: request completed: 200 in 3 ms$/);
    expect(lines[2]).toMatch(
      /INFO: mail written to the outbox \{"toDomain":"example.test","file":"\/data\/outbox\/1.eml"\}$/,
    );
    // The same scrubbing as the JSON lines: only the form changes.
    expect(lines[3]).toMatch(/WARN: mail to \[email\] failed$/);
    expect(text).not.toContain('{"level"');
    expect(text).not.toMatch(/a-secret-token|a-session|ann@/);
  });
});
