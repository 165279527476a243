import { ErrorCode, jsonTextTooDeep, messages } from '@mocksmith/core';
import { errorCodes, type FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../lib/errors.ts';

/** `__proto__` as a JSON key, its letters plain or escaped (`\u005f`), as JSON allows. */
const PROTO_KEY =
  /"(?:_|\\u005[fF]){2}(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[fF])(?:t|\\u0074)(?:o|\\u006[fF])(?:_|\\u005[fF]){2}"\s*:/;

/** The answer to valid JSON that secure-json-parse refuses, naming the key. */
function poisonedKeyMessage(body: string): string {
  return PROTO_KEY.test(body)
    ? 'The request body has a "__proto__" key, which is not allowed'
    : 'The request body has a "constructor" key holding "prototype", which is not allowed';
}

/**
 * The JSON body parser: Fastify's own (secure-json-parse, with `__proto__` and
 * `constructor.prototype` keys refused as Fastify refuses them), whose answer names the refused
 * key. Fastify's answer said only that the body was not valid JSON, which valid JSON holding such
 * a key is. An empty body and broken JSON get Fastify's own errors, as before. JSON nested past
 * MAX_JSON_DEPTH is refused (400 BODY_TOO_DEEP) before it is parsed: the validation and every
 * other walk of a body recurse.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    if (jsonTextTooDeep(body as string)) {
      return done(new AppError(ErrorCode.BODY_TOO_DEEP, messages.bodyTooDeep), undefined);
    }
    try {
      done(
        null,
        secureJson.parse(body as string, undefined, {
          protoAction: 'error',
          constructorAction: 'error',
        }),
      );
    } catch (error) {
      // secure-json-parse's words for both keys it refuses; anything else is broken JSON.
      const poisoned = error instanceof Error && error.message.includes('forbidden');
      done(
        poisoned
          ? new AppError(ErrorCode.INVALID_BODY, poisonedKeyMessage(body as string))
          : new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(),
        undefined,
      );
    }
  });
}
