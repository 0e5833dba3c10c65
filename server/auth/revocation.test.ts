/**
 * Server-side revocation of own tokens (revocation.ts): logout's blacklist, rotation of
 * refresh tokens, and tokens issued before a password change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { revokedTokens, users } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test/server';
import { issuedBeforePasswordChange, passwordChangeTime } from './revocation';

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

/** Waits until the clock has entered a new second: `iat` counts whole seconds. */
async function nextSecond() {
  const second = Math.floor(Date.now() / 1000);
  await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(second), {
    timeout: 2_000,
    interval: 20,
  });
}

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

    const replay = await refreshWith(first);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(TOKEN_NOT_VALID);

    const again = await refreshWith(rotated.body.refresh);
    expect(again.status).toBe(200);
    expect((await me(again.body.access)).status).toBe(200);
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
    await nextSecond();

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

    // A sign-in with the new password works at once (same second as the change).
    const fresh = await signIn('forgetful@joule.test', 'second-password');
    expect((await me(fresh.access)).status).toBe(200);
    expect((await refreshWith(fresh.refresh)).status).toBe(200);
  });

  it('after the password is set through PATCH /users/{id}/', async () => {
    const { admin, id } = await freshUser('patched@joule.test');
    const old = await signIn('patched@joule.test', 'first-password');
    await nextSecond();

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

  it('a change that does not touch the password keeps the tokens', async () => {
    const { admin, id } = await freshUser('kept@joule.test');
    const old = await signIn('kept@joule.test', 'first-password');
    await nextSecond();
    await server.request(`/users/${id}/`, {
      method: 'PATCH',
      token: admin,
      body: { email: 'kept-renamed@joule.test' },
    });
    expect((await me(old.access)).status).toBe(200);
    const [row] = await server.database.db
      .select({ changedAt: users.passwordChangedAt })
      .from(users)
      .where(eq(users.id, id));
    expect(row!.changedAt!.getMilliseconds()).toBe(0);
  });
});

describe('passwordChangeTime / issuedBeforePasswordChange', () => {
  it('keeps tokens of the change’s own second and refuses earlier ones', () => {
    const changedAt = passwordChangeTime(new Date('2025-03-01T10:00:05.750Z'));
    expect(changedAt.toISOString()).toBe('2025-03-01T10:00:05.000Z');
    const second = Date.parse('2025-03-01T10:00:05Z') / 1000;
    expect(issuedBeforePasswordChange(second - 1, changedAt)).toBe(true);
    expect(issuedBeforePasswordChange(second, changedAt)).toBe(false);
    expect(issuedBeforePasswordChange(second + 1, changedAt)).toBe(false);
    expect(issuedBeforePasswordChange(0, null)).toBe(false);
  });
});
