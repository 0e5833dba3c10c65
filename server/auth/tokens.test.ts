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
    const { access, refresh } = await tokens.issuePair(42, 3, 'the-session', 'the-refresh-jti');
    const iat = Date.parse('2025-01-01T00:00:00Z') / 1000;
    await expect(tokens.verifyBearer(access)).resolves.toEqual({
      userId: 42,
      generation: 3,
      sessionId: 'the-session',
    });
    const claims = await tokens.verifyRefresh(refresh);
    expect(claims).toEqual({
      userId: 42,
      jti: 'the-refresh-jti',
      issuedAt: iat,
      expiresAt: iat + 600,
      generation: 3,
      sessionId: 'the-session',
    });
    await expect(tokens.verifyBearer(refresh)).rejects.toBeInstanceOf(InvalidTokenError);
    now = new Date('2025-01-01T00:05:01Z');
    await expect(tokens.verifyBearer(access)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(tokens.verifyRefresh(refresh)).resolves.toMatchObject({ userId: 42 });
  });

  it('refuses a token of its own key without a token generation', async () => {
    const { SignJWT } = await import('jose');
    const iat = Math.floor(Date.now() / 1000);
    const claims = { token_type: 'access', exp: iat + 300, iat, jti: 'x', user_id: 42 };
    const old = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const tokens = createTokenService({ secret, accessLifetime: 300, refreshLifetime: 600 });
    await expect(tokens.verifyBearer(old)).rejects.toThrow('bad gen claim');
  });

  it('refuses a token of its own key without a session (sid)', async () => {
    const { SignJWT } = await import('jose');
    const iat = Math.floor(Date.now() / 1000);
    const claims = { token_type: 'access', exp: iat + 300, iat, jti: 'x', user_id: 42, gen: 0 };
    const old = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const tokens = createTokenService({ secret, accessLifetime: 300, refreshLifetime: 600 });
    await expect(tokens.verifyBearer(old)).rejects.toThrow('bad sid claim');
    const fresh = await tokens.issueAccess(42, 0, 's');
    await expect(tokens.verifyBearer(fresh)).resolves.toMatchObject({ sessionId: 's' });
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
