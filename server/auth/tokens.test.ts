import { describe, expect, it } from 'vitest';
import { InvalidTokenError, createTokenService, type ExternalTokenVerifier } from './tokens';

const secret = new TextEncoder().encode('0123456789abcdef0123456789abcdef');

describe('TokenService', () => {
  it('verifies its access tokens until they expire', async () => {
    let now = new Date('2025-01-01T00:00:00Z');
    const tokens = createTokenService({
      secret,
      accessLifetime: 300,
      refreshLifetime: 600,
      now: () => now,
    });
    const { access, refresh } = await tokens.issuePair(42);
    const iat = Date.parse('2025-01-01T00:00:00Z') / 1000;
    await expect(tokens.verifyBearer(access)).resolves.toEqual({ userId: 42, issuedAt: iat });
    const claims = await tokens.verifyRefresh(refresh);
    expect(claims).toEqual({
      userId: 42,
      jti: expect.any(String),
      issuedAt: iat,
      expiresAt: iat + 600,
    });
    expect(claims.jti).toMatch(/^[0-9a-f]{32}$/);
    await expect(tokens.verifyBearer(refresh)).rejects.toBeInstanceOf(InvalidTokenError);
    now = new Date('2025-01-01T00:05:01Z');
    await expect(tokens.verifyBearer(access)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(tokens.verifyRefresh(refresh)).resolves.toMatchObject({ userId: 42 });
  });

  it('hands tokens of other algorithms to external verifiers (the OIDC hook)', async () => {
    const oidc: ExternalTokenVerifier = {
      verify: async (token) =>
        token.startsWith('eyJhbGciOiJSUzI1NiJ9') ? { email: 'sso@joule.test' } : undefined,
    };
    const tokens = createTokenService({
      secret,
      accessLifetime: 300,
      refreshLifetime: 600,
      externalVerifiers: [oidc],
    });
    const rs256 = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.e30.sig`;
    await expect(tokens.verifyBearer(rs256)).resolves.toEqual({ email: 'sso@joule.test' });
    const es256 = `${Buffer.from('{"alg":"ES256"}').toString('base64url')}.e30.sig`;
    await expect(tokens.verifyBearer(es256)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
