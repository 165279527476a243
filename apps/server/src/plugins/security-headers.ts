import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (helmet) on the web app and the /backend API: a Content-Security-Policy that
 * lets only our own scripts run (files from our origin, and the build's inline scripts by their
 * hashes), no framing, no MIME sniffing, a strict referrer policy, and HSTS when the service is
 * served over HTTPS. Routes may opt out with `helmet: false` (the public mock
 * endpoints do: their answers carry a sandbox of their own, see lib/mock-headers.ts).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicOrigin: string,
  /** The mocks' own origin (MOCK_ORIGIN), which the showcase and the Test modal call. */
  mockOrigin: string | null = null,
  /** The hashes (`sha256-…`) of the inline scripts the web's build wrote into its pages. */
  scriptHashes: readonly string[] = [],
): Promise<void> {
  const https = publicOrigin.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
        // CodeMirror, Radix and the toasts set styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: mockOrigin ? ["'self'", mockOrigin] : ["'self'"],
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
