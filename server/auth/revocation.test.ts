/**
 * Server-side revocation of own tokens (revocation.ts): logout's blacklist, rotation of
 * refresh tokens, and tokens of a past token generation (password, e-mail, deactivation;
 * same-second.test.ts proves it exact).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { revokedTokens } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { generationRevoked } from './revocation';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TOKEN_NOT_VALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

async function signIn(email: string, password = 'joule-demo') {
  const response = await server.request('/auth/jwt/create/', {
    method: 'POST',
    body: { email, password },
  });
  expect(response.status).toBe(200);
  return response.body as { access: string; refresh: string };
}

const refreshWith = (refresh: string) =>
  server.request('/auth/jwt/refresh/', { method: 'POST', body: { refresh } });
const blacklist = (refresh: string) =>
  server.request('/auth/jwt/blacklist/', { method: 'POST', body: { refresh } });
const me = (access: string) => server.request('/auth/me/', { token: access });

describe('POST /auth/jwt/blacklist/ (logout)', () => {
  it('answers {} and the refresh token is refused from then on', async () => {
    const { refresh } = await signIn(DEMO_USERS.admin);
    const response = await blacklist(refresh);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});

    const refused = await refreshWith(refresh);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(TOKEN_NOT_VALID);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    // Blacklisting it again is refused like simplejwt's ("Token is blacklisted").
    expect((await blacklist(refresh)).status).toBe(401);
  });

  it('records the jti with the user and the token’s expiry', async () => {
    const { refresh } = await signIn(DEMO_USERS.clerk);
    const payload = JSON.parse(Buffer.from(refresh.split('.')[1]!, 'base64url').toString());
    await blacklist(refresh);
    const [row] = await server.database.db
      .select()
      .from(revokedTokens)
      .where(eq(revokedTokens.jti, payload.jti));
    expect(row).toMatchObject({ userId: 2, expiresAt: new Date(payload.exp * 1000) });
  });

  it.each([
    ['an access token', async () => (await signIn(DEMO_USERS.admin)).access],
    ['garbage', async () => 'not-a-jwt'],
  ])('answers 401 token_not_valid for %s', async (_case, make) => {
    const response = await blacklist(await make());
    expect(response.status).toBe(401);
    expect(response.body).toEqual(TOKEN_NOT_VALID);
  });

  it('answers 400 without a refresh token', async () => {
    const response = await server.request('/auth/jwt/blacklist/', { method: 'POST', body: {} });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ refresh: ['This field is required.'] });
  });

  it('purges revoked rows whose token has expired', async () => {
    const { db } = server.database;
    await db.insert(revokedTokens).values({
      jti: 'long-expired',
      userId: 1,
      expiresAt: new Date(Date.now() - 60_000),
    });
    await blacklist((await signIn(DEMO_USERS.admin)).refresh);
    const left = await db.select().from(revokedTokens).where(eq(revokedTokens.jti, 'long-expired'));
    expect(left).toEqual([]);
  });
});

describe('POST /auth/jwt/refresh/ rotates the refresh token', () => {
  it('answers a new refresh token that works, and refuses the old one', async () => {
    const first = (await signIn(DEMO_USERS.admin)).refresh;
    const rotated = await refreshWith(first);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh).not.toBe(first);

    const again = await refreshWith(rotated.body.refresh);
    expect(again.status).toBe(200);
    expect((await me(again.body.access)).status).toBe(200);

    // A replay of a rotated token is refused and ends its session (sessions.test.ts).
    const replay = await refreshWith(first);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(TOKEN_NOT_VALID);
    expect((await refreshWith(again.body.refresh)).status).toBe(401);
  });

  it('lets only one of two concurrent refreshes with one token through', async () => {
    const { refresh } = await signIn(DEMO_USERS.admin);
    const answers = await Promise.all([refreshWith(refresh), refreshWith(refresh)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });
});

describe('tokens issued before a password change are refused', () => {
  async function freshUser(email: string) {
    const admin = await server.login(DEMO_USERS.admin);
    const created = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email, password: 'first-password' },
    });
    expect(created.status).toBe(201);
    return { admin, id: created.body.id as number };
  }

  it('after a password reset', async () => {
    await freshUser('forgetful@joule.test');
    const old = await signIn('forgetful@joule.test', 'first-password');

    const asked = await server.request('/users/reset_password/', {
      method: 'POST',
      body: { email: 'forgetful@joule.test' },
    });
    expect(asked.status).toBe(204);
    await vi.waitFor(() =>
      expect(server.mailer.sent.some((mail) => mail.to === 'forgetful@joule.test')).toBe(true),
    );
    const mail = server.mailer.sent.find((sent) => sent.to === 'forgetful@joule.test')!;
    const [, uid, token] = /\/password-reset\/([\w-]+)\/([\w-]+)/.exec(mail.text)!;
    const confirmed = await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid, token, new_password: 'second-password' },
    });
    expect(confirmed.status).toBe(204);

    expect((await me(old.access)).status).toBe(401);
    expect((await me(old.access)).body).toMatchObject({ code: 'token_not_valid' });
    const refused = await refreshWith(old.refresh);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(TOKEN_NOT_VALID);

    // A sign-in with the new password works at once.
    const fresh = await signIn('forgetful@joule.test', 'second-password');
    expect((await me(fresh.access)).status).toBe(200);
    expect((await refreshWith(fresh.refresh)).status).toBe(200);
  });

  it('after the password is set through PATCH /users/{id}/', async () => {
    const { admin, id } = await freshUser('patched@joule.test');
    const old = await signIn('patched@joule.test', 'first-password');

    const patched = await server.request(`/users/${id}/`, {
      method: 'PATCH',
      token: admin,
      body: { password: 'second-password' },
    });
    expect(patched.status).toBe(200);

    expect((await me(old.access)).status).toBe(401);
    expect((await refreshWith(old.refresh)).status).toBe(401);
    const fresh = await signIn('patched@joule.test', 'second-password');
    expect((await me(fresh.access)).status).toBe(200);
    expect((await refreshWith(fresh.refresh)).status).toBe(200);
  });

  it('a change of the e-mail voids them, as does a deactivation (even when undone)', async () => {
    const { admin, id } = await freshUser('moved@joule.test');
    const old = await signIn('moved@joule.test', 'first-password');
    const patch = (body: object) =>
      server.request(`/users/${id}/`, { method: 'PATCH', token: admin, body });
    expect((await patch({ email: 'moved-away@joule.test' })).status).toBe(200);
    expect((await me(old.access)).status).toBe(401);
    expect((await refreshWith(old.refresh)).status).toBe(401);

    const next = await signIn('moved-away@joule.test', 'first-password');
    expect((await patch({ is_active: false })).status).toBe(200);
    expect((await patch({ is_active: true })).status).toBe(200);
    expect((await me(next.access)).status).toBe(401);
    expect((await refreshWith(next.refresh)).status).toBe(401);
  });

  it('a change of roles or an activation keeps them', async () => {
    const { admin, id } = await freshUser('kept@joule.test');
    const old = await signIn('kept@joule.test', 'first-password');
    const patched = await server.request(`/users/${id}/`, {
      method: 'PATCH',
      token: admin,
      body: { roles: [], is_active: true },
    });
    expect(patched.status).toBe(200);
    expect((await me(old.access)).status).toBe(200);
    expect((await refreshWith(old.refresh)).status).toBe(200);
  });
});

describe('generationRevoked', () => {
  it('voids a token of any other generation than the user’s', () => {
    expect(generationRevoked(3, 3)).toBe(false);
    expect(generationRevoked(2, 3)).toBe(true);
    expect(generationRevoked(4, 3)).toBe(true);
  });
});
