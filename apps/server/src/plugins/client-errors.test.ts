/**
 * Requests that never become requests, sent over raw sockets as hostile clients send them:
 * headers too large (431) and a body trickled in (408). Each answer says that the connection
 * closes, and then closes it.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_S: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t?.close());

/** Opens a socket, lets `send` write to it, and resolves with all it received until it closed. */
function exchange(send: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => send(socket));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

const hugeHeader = `X-Padding: ${'a'.repeat(20_000)}\r\n`;

describe('headers too large', () => {
  it('answer 431 naming the limit, say Connection: close, and close', async () => {
    const raw = await exchange((socket) =>
      socket.write(
        `GET /backend/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n${hugeHeader}\r\n`,
      ),
    );
    const answer = parse(raw);
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 431,
      code: 'HEADERS_TOO_LARGE',
      message: 'Request headers are too large: at most 16 KiB of request line and headers',
    });
  });

  it('answer HEAD without a body', async () => {
    const raw = await exchange((socket) =>
      socket.write(`HEAD /backend/health HTTP/1.1\r\nHost: x\r\n${hugeHeader}\r\n`),
    );
    const answer = parse(raw);
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toBe('');
  });
});

describe('a body trickled in', () => {
  it('is answered 408 and its connection closed once the request time is up', async () => {
    let timer: NodeJS.Timeout | undefined;
    const raw = await exchange((socket) => {
      socket.write(
        'POST /backend/crud HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
      // One byte every 200 ms: the 100 bytes would take 20 s.
      timer = setInterval(() => {
        if (socket.writable) socket.write('{');
      }, 200);
    });
    clearInterval(timer);
    const answer = parse(raw);
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body).code).toBe('REQUEST_TIMEOUT');
  });
});
