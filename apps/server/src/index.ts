/**
 * The Fastify server lands here with the server issue: the /backend API, the public mock
 * endpoints and the built web app. Until then this workspace only proves that it compiles
 * against @mocksmith/core.
 */
export type { CompiledTemplate } from '@mocksmith/core';
