import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them gains less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses answers of at least 1 KiB (Brotli or gzip, as the client accepts) in the scope it
 * is registered in. Brotli runs at quality 4 here, made per answer (its default, 11, is for
 * files compressed once); what is compressed already (the web's precompressed files and pages)
 * is sent as it is. `onDemand` leaves the choice to the routes (the mock URLs, whose hot path
 * must not pay a hook for the many small answers).
 */
export async function registerCompression(
  app: FastifyInstance,
  { onDemand = false }: { onDemand?: boolean } = {},
): Promise<void> {
  await app.register(compress, {
    // On demand: no hook on every answer; the routes call reply.compress() for the large ones.
    global: !onDemand,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
