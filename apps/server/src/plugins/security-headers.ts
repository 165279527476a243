import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (helmet) on the web app and the /backend API: a Content-Security-Policy that
 * lets only our own scripts run, no framing, no MIME sniffing, a strict referrer policy, and HSTS
 * when the service is served over HTTPS. Routes may opt out with `helmet: false` (the public mock
 * endpoints do: they answer other sites' code, and their hot path stays lean).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicOrigin: string,
): Promise<void> {
  const https = publicOrigin.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // CodeMirror, Radix and the toasts set styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60 } : false,
  });
}
