/**
 * Revocation is exact (docs/security.md "Tokens"): a token issued before a password change
 * is refused and one issued after it works, however close the two are — even within one
 * second, the resolution of a JWT's `iat`. Proven twice: with the server's clock frozen
 * (every token of the test carries the same `iat`), and on the real clock with the change
 * made within one second of the sign-in. The file runs on PGlite and, in the `postgres`
 * project, on PostgreSQL.
 */
import { base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';

/** `iat` of a token, in seconds. */
function issuedAt(token: string): number {
  return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))).iat;
}

/** Sign-in, a password change in the same second, and the old and new tokens' fate. */
async function changeWithinTheSecond(server: TestServer, email: string, how: 'admin' | 'reset') {
  const signIn = async (password: string) => {
    const response = await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email, password },
    });
    expect(response.status).toBe(200);
    return response.body as { access: string; refresh: string };
  };
  const me = (access: string) => server.request('/auth/me/', { token: access });
  const refresh = (token: string) =>
    server.request('/auth/jwt/refresh/', { method: 'POST', body: { refresh: token } });

  const admin = await server.login(DEMO_USERS.admin);
  const created = await server.request('/users/', {
    method: 'POST',
    token: admin,
    body: { email, password: 'first-password' },
  });
  expect(created.status).toBe(201);

  const old = await signIn('first-password');
  if (how === 'admin') {
    const patched = await server.request(`/users/${created.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { password: 'second-password' },
    });
    expect(patched.status).toBe(200);
  } else {
    server.mailer.sent.length = 0;
    const asked = await server.request('/users/reset_password/', {
      method: 'POST',
      body: { email },
    });
    expect(asked.status).toBe(204);
    await vi.waitFor(() => expect(server.mailer.sent.some((mail) => mail.to === email)).toBe(true));
    const mail = server.mailer.sent.find((sent) => sent.to === email)!;
    const [, uid, token] = /\/password-reset\/([\w-]+)\/([\w-]+)/.exec(mail.text)!;
    const confirmed = await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid, token, new_password: 'second-password' },
    });
    expect(confirmed.status).toBe(204);
  }
  const fresh = await signIn('second-password');

  // Both tokens of the sign-in before the change are refused…
  const oldMe = await me(old.access);
  expect(oldMe.status).toBe(401);
  expect(oldMe.body).toMatchObject({ code: 'token_not_valid' });
  const oldRefresh = await refresh(old.refresh);
  expect(oldRefresh.status).toBe(401);
  expect(oldRefresh.body).toMatchObject({ code: 'token_not_valid' });
  // …and the sign-in after it works, access and refresh.
  expect((await me(fresh.access)).status).toBe(200);
  const renewed = await refresh(fresh.refresh);
  expect(renewed.status).toBe(200);
  expect((await me(renewed.body.access)).status).toBe(200);
  return { oldIat: issuedAt(old.access), freshIat: issuedAt(fresh.access) };
}

describe('with the server’s clock frozen in one second', () => {
  let server: TestServer;
  // 10:00:00.250 for the whole test: every token carries the same iat.
  const frozen = new Date('2030-03-01T10:00:00.250Z');
  beforeAll(async () => {
    server = await startTestServer({ now: () => frozen });
  });
  afterAll(() => server.close());

  it.each(['admin', 'reset'] as const)(
    'a password set by %s voids the tokens of that second, and a sign-in after it works',
    async (how) => {
      const { oldIat, freshIat } = await changeWithinTheSecond(
        server,
        `frozen-${how}@joule.test`,
        how,
      );
      expect(oldIat).toBe(frozen.getTime() / 1000 - 0.25);
      expect(freshIat).toBe(oldIat);
    },
  );
});

describe('on the real clock', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(['admin', 'reset'] as const)(
    'a password set by %s within the second of the sign-in voids its tokens',
    async (how) => {
      // The case at stake is a change in the sign-in's own second. Starting at the beginning
      // of a second, the whole sequence almost always fits; each try asserts the behaviour
      // anyway, and a try that straddled two seconds is repeated.
      let sameSecond = false;
      for (let attempt = 0; attempt < 5 && !sameSecond; attempt += 1) {
        const second = Math.floor(Date.now() / 1000);
        await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(second), {
          timeout: 2_000,
          interval: 5,
        });
        const { oldIat, freshIat } = await changeWithinTheSecond(
          server,
          `real-${how}-${attempt}@joule.test`,
          how,
        );
        sameSecond = oldIat === freshIat;
      }
      expect(sameSecond, 'no try fitted in one second').toBe(true);
    },
  );
});
