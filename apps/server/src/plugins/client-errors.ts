/**
 * The answers to requests that never became requests: headers too large (431), a request not
 * received in time (408: slow headers or a body trickled in), or bytes that are not HTTP (400).
 * Fastify's own handler answers them without `Connection: close` (the socket is closed all the
 * same, so a keep-alive client sees a reset on its next request) and with a body even to HEAD.
 * Ours says that the connection closes, sends no body to HEAD, and uses the app's error shape.
 */
import type { Socket } from 'node:net';
import { ErrorCode, errorStatus } from '@mocksmith/core';

interface ClientError extends Error {
  code?: string;
  /** The bytes received so far (a Buffer), when Node's parser kept them. */
  rawPacket?: unknown;
}

const ANSWERS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: errorStatus.HEADERS_TOO_LARGE,
    code: ErrorCode.HEADERS_TOO_LARGE,
    message: 'Request headers are too large: at most 16 KiB of request line and headers',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: errorStatus.REQUEST_TIMEOUT,
    code: ErrorCode.REQUEST_TIMEOUT,
    message: 'The request did not arrive in time: send the headers and the body without pausing',
  },
};

const BAD_REQUEST = {
  status: errorStatus.BAD_REQUEST,
  code: ErrorCode.BAD_REQUEST,
  message: 'The request is not valid HTTP',
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Fastify's `clientErrorHandler`. */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (error.code && ANSWERS[error.code]) || BAD_REQUEST;
  if (socket.writable) {
    const { rawPacket } = error;
    const head =
      Buffer.isBuffer(rawPacket) && rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
    const body = JSON.stringify({
      statusCode: answer.status,
      code: answer.code,
      message: answer.message,
    });
    const lines = [
      `HTTP/1.1 ${answer.status} ${REASONS[answer.status]}`,
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${head ? '' : body}`);
  }
  socket.destroySoon?.();
}
