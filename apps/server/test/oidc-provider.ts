/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google in the tests. Its
 * development login form accepts any login and password; the login becomes the account's
 * subject and e-mail address. Like Google, it puts the e-mail claims in the ID token.
 */
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../src/lib/free-port.ts';

export interface TestOidcProvider {
  /** The issuer, for GOOGLE_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** Starts the provider with one client whose only redirect URI is `redirectUri`. */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'mocksmith-test';
  const clientSecret = 'mocksmith-test-secret-that-is-long-enough';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id.toLowerCase(),
        email_verified: true,
        name: id.split('@')[0] ?? id,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    // Set, so that the provider does not print a notice for each default it falls back to.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  // Quiet: its development-keys warning is expected here.
  provider.on('server_error', () => {});
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
