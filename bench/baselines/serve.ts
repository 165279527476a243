/**
 * The bare `node:http` server behind every baseline: answers each request on 127.0.0.1:PORT
 * with 200 and `body()` as JSON, whatever the method or path.
 */
import { createServer } from 'node:http';

export function serveJson(body: () => string | Buffer): void {
  const port = Number(process.env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must name the port to listen on');
  createServer(function answer(_request, response) {
    const payload = body();
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(payload),
    });
    response.end(payload);
  }).listen(port, '127.0.0.1');
}
