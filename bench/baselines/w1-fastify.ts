/**
 * Baseline W1 of the framework alone: a Fastify app with one route of the mock URL's shape that
 * answers the same ~1 KiB body, encoded once. The distance from bare node:http to this is the
 * framework's; from this to the server, ours.
 */
import Fastify from 'fastify';
import { W1_BODY } from '../workloads.ts';

const body = Buffer.from(W1_BODY);
const app = Fastify({ logger: false });
app.get('/backend/apitemplate/:method/:requestId', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
