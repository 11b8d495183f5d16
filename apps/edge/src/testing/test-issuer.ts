import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export const TEST_ISSUER = 'http://issuer.test/auth/v1';

/**
 * A token issuer of the tests' own: a real ES256 key published as JWKS over
 * HTTP, so the APIs verify exactly as they do against the auth service.
 */
export class TestIssuer {
  private server: Server | undefined;
  private privateKey: SigningKey | undefined;
  readonly kid = randomUUID();
  jwksUrl = '';

  async start(): Promise<this> {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    this.privateKey = privateKey;
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: this.kid, alg: 'ES256', use: 'sig' }] });
    this.server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(jwks);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks.json`;
    return this;
  }

  /** The environment that points the product's APIs at this issuer. */
  env(): Record<string, string> {
    return { AUTH_JWKS_URL: this.jwksUrl, AUTH_ISSUER: TEST_ISSUER };
  }

  async token(userId: string, overrides: JWTPayload & { expiresIn?: string } = {}, key = this.privateKey!): Promise<string> {
    const { expiresIn = '1h', iss = TEST_ISSUER, aud = 'authenticated', ...claims } = overrides;
    return new SignJWT({ role: 'authenticated', email: `${userId}@example.com`, session_id: randomUUID(), aal: 'aal1', app_metadata: { roles: [] }, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: this.kid })
      .setSubject(userId)
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
