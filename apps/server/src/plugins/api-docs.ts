/**
 * The server speaks schemas: every route validates its params, query and body with core's zod
 * schemas (fastify-type-provider-zod) and declares its answers per status, and the same schemas
 * make the OpenAPI document of the whole API, served at `GET /backend/openapi.json` with a
 * browsable reference at `/backend/docs`.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_JSON_DEPTH } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

/** Where the document and the reference live. */
export const OPENAPI_PATH = '/backend/openapi.json';
export const API_REFERENCE_PATH = '/backend/docs';

/** A route as registered: what the document must hold unless the route is hidden. */
export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the API docs, for checking the document against. */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/** The tags that group the reference, in the order it shows them. */
export const API_TAGS = [
  { name: 'APIs', description: 'Create, preview, list, change and delete mock APIs.' },
  {
    name: 'Projects',
    description: 'Projects: one base URL, routes by method and path, named responses.',
  },
  {
    name: 'Collections',
    description: 'A project’s collections (records with state) and sessions (sandboxes of them).',
  },
  {
    name: 'Request inspector',
    description:
      'The calls of a project or of a stand-alone API: the verification API for tests, and the live feed.',
  },
  {
    name: 'Analytics',
    description:
      'A project’s or a stand-alone API’s calls over time, statuses, latency, top routes.',
  },
  { name: 'Mock URLs', description: 'The public URLs of the mock APIs, called by anyone.' },
  { name: 'Accounts', description: 'Registration, sign-in, sessions, passwords and Google.' },
  { name: 'History', description: 'What happened to a user’s APIs.' },
  { name: 'Service', description: 'Health and the data-type catalogue.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

/**
 * Registers the zod compilers and the OpenAPI document, at the root. Call before any route is
 * registered: the document holds the routes registered after it.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { version, publicOrigin }: { version: string; publicOrigin: string },
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, hidden: route.schema?.hide === true });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mocksmith API',
        description: `The API of Mocksmith: the calls its web app makes (signed-in calls use the session cookie and need a same-site Origin) and the public URLs of the mock APIs. Every error answers \`{ statusCode, code, message, details? }\`. A JSON body nests at most ${MAX_JSON_DEPTH} levels of arrays and objects: a deeper one answers 400 \`BODY_TOO_DEEP\` before it is read.`,
        version,
      },
      servers: [{ url: publicOrigin }],
      tags: [...API_TAGS],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'mocksmith.session_token' },
          mockToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A protected mock API’s mck_ token',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/**
 * Serves the document (`GET /backend/openapi.json`) and the browsable reference
 * (`/backend/docs`), in the scope of the app's pages, with their security headers.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, { routePrefix: API_REFERENCE_PATH });
  app.get(
    OPENAPI_PATH,
    { schema: { hide: true }, config: { database: false } },
    (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return app.swagger();
    },
  );
}
