import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthConfig } from '@jokes/server';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

const ISSUER = 'http://test.invalid/auth/v1';
const AUDIENCE = 'authenticated';

/**
 * A token issuer for tests: an ES256 key whose public half a local JWKS
 * endpoint publishes, so the API verifies tokens exactly as in production.
 */
export class TestIssuer {
  private constructor(
    private readonly server: Server,
    private readonly privateKey: CryptoKey,
    readonly auth: AuthConfig,
  ) {}

  static async start(): Promise<TestIssuer> {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' }] });
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const jwksUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`);
    return new TestIssuer(server, privateKey, { jwksUrl, issuer: ISSUER, audience: AUDIENCE });
  }

  /** An access token of the user, with product roles in `app_metadata` as the auth service issues them. */
  token(userId: string, roles: readonly string[] = []): Promise<string> {
    return new SignJWT({ email: `${userId}@example.com`, role: 'authenticated', app_metadata: { roles } })
      .setProtectedHeader({ alg: 'ES256', kid: 'test' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(this.privateKey);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
