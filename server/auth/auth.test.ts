import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const CHALLENGE = 'Bearer realm="api"';

function claims(token: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!)));
}

async function tokenPair(email: string = DEMO_USERS.admin) {
  const response = await server.request('/auth/jwt/create/', {
    method: 'POST',
    body: { email, password: 'joule-demo' },
  });
  expect(response.status).toBe(200);
  return response.body as { access: string; refresh: string };
}

describe('POST /auth/jwt/create/', () => {
  it('issues simplejwt-shaped access and refresh tokens', async () => {
    const { access, refresh } = await tokenPair();
    const payload = claims(access);
    expect(Object.keys(payload)).toEqual([
      'token_type',
      'exp',
      'iat',
      'jti',
      'user_id',
      'gen',
      'sid',
    ]);
    expect(payload.token_type).toBe('access');
    expect(Number(payload.exp) - Number(payload.iat)).toBe(300);
    expect(claims(refresh).token_type).toBe('refresh');
    expect(Number(claims(refresh).exp) - Number(claims(refresh).iat)).toBe(86_400);
  });

  it('ignores the case of the e-mail', async () => {
    await expect(tokenPair('Admin@Joule.TEST')).resolves.toHaveProperty('access');
  });

  it.each([
    ['a wrong password', { email: DEMO_USERS.admin, password: 'nope-nope' }],
    ['an unknown e-mail', { email: 'ghost@joule.test', password: 'joule-demo' }],
  ])('answers 401 for %s', async (_case, body) => {
    const response = await server.request('/auth/jwt/create/', { method: 'POST', body });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'No active account found with the given credentials' });
    expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
  });

  it('answers 400 with field errors for a missing password, in Czech when asked', async () => {
    const response = await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email: '' },
      lang: 'cs-CZ,cs;q=0.9,en;q=0.8',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ['Tato položka nesmí být prázdná.'],
      password: ['Tato položka je povinná.'],
    });
  });
});

describe('POST /auth/jwt/refresh/', () => {
  it('exchanges a refresh token for a new access token and a new refresh token', async () => {
    const { refresh } = await tokenPair();
    const response = await server.request('/auth/jwt/refresh/', {
      method: 'POST',
      body: { refresh },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['access', 'refresh']);
    expect(claims(response.body.refresh).token_type).toBe('refresh');
    expect(response.body.refresh).not.toBe(refresh);
    const me = await server.request('/auth/me/', { token: response.body.access });
    expect(me.status).toBe(200);
  });

  it('refuses an access token', async () => {
    const { access } = await tokenPair();
    const response = await server.request('/auth/jwt/refresh/', {
      method: 'POST',
      body: { refresh: access },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      detail: 'Token is invalid or expired',
      code: 'token_not_valid',
    });
  });
});

describe('GET /auth/me/', () => {
  it('answers the user with the union of its roles’ privileges', async () => {
    const token = await server.login(DEMO_USERS.clerk);
    const response = await server.request('/auth/me/', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: 2,
      email: DEMO_USERS.clerk,
      privileges: ['CUSTOMERS', 'CONTRACTS', 'POINTS'],
    });
  });

  it('answers 401 without credentials', async () => {
    const response = await server.request('/auth/me/');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
  });

  async function forged(payload: Record<string, unknown>, key = server.secret) {
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(key);
  }
  const now = () => Math.floor(Date.now() / 1000);

  it.each<[string, () => Promise<string>]>([
    ['a refresh token', async () => (await tokenPair()).refresh],
    [
      'an expired token',
      () =>
        forged({ token_type: 'access', exp: now() - 10, iat: now() - 310, jti: 'x', user_id: 1 }),
    ],
    [
      'a token signed with another key',
      () =>
        forged(
          { token_type: 'access', exp: now() + 300, iat: now(), jti: 'x', user_id: 1 },
          new TextEncoder().encode('another-secret-another-secret-another'),
        ),
    ],
    [
      'an unsigned token (alg none)',
      async () => {
        const encode = (value: object) => base64url.encode(JSON.stringify(value));
        const payload = {
          token_type: 'access',
          exp: now() + 300,
          iat: now(),
          jti: 'x',
          user_id: 1,
        };
        return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
      },
    ],
    [
      'a token without exp',
      () => forged({ token_type: 'access', iat: now(), jti: 'x', user_id: 1 }),
    ],
    ['garbage', async () => 'not-a-jwt'],
  ])('answers 401 token_not_valid for %s', async (_case, make) => {
    const response = await server.request('/auth/me/', { token: await make() });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
      messages: [
        {
          token_class: 'AccessToken',
          token_type: 'access',
          message: 'Token is invalid or expired',
        },
      ],
    });
    expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
  });

  it('answers 401 for a deactivated user, whose tokens stop working at once', async () => {
    const admin = await server.login(DEMO_USERS.admin);
    const created = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email: 'leaver@joule.test', password: 'leaver-password' },
    });
    expect(created.status).toBe(201);
    const token = await server.login('leaver@joule.test', 'leaver-password');
    await server.request(`/users/${created.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { is_active: false },
    });
    const response = await server.request('/auth/me/', { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
    const login = await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email: 'leaver@joule.test', password: 'leaver-password' },
    });
    expect(login.status).toBe(401);
  });
});

describe('password reset', () => {
  /** Asks for a reset and waits for the mail, which is sent after the answer. */
  async function requestReset(email: string) {
    const before = server.mailer.sent.length;
    const response = await server.request('/users/reset_password/', {
      method: 'POST',
      body: { email },
    });
    expect(response.status).toBe(204);
    await vi.waitFor(() => expect(server.mailer.sent.length).toBeGreaterThan(before));
    return server.mailer.sent.slice(before);
  }

  function linkParts(text: string) {
    const match = /\/password-reset\/([\w-]+)\/([\w-]+)/.exec(text);
    if (!match) throw new Error(`no link in ${text}`);
    return { uid: match[1]!, token: match[2]! };
  }

  it('finds the account whatever the ASCII case of the address', async () => {
    const [mail] = await requestReset(DEMO_USERS.admin.toUpperCase());
    expect(mail?.to).toBe(DEMO_USERS.admin);
  });

  it('answers 204 for an unknown e-mail and sends nothing', async () => {
    const before = server.mailer.sent.length;
    const response = await server.request('/users/reset_password/', {
      method: 'POST',
      body: { email: 'nobody@joule.test' },
    });
    expect(response.status).toBe(204);
    // A later request's mail arriving shows the unknown address's turn has passed.
    await requestReset(DEMO_USERS.admin);
    expect(server.mailer.sent.slice(before).map((mail) => mail.to)).toEqual([DEMO_USERS.admin]);
  });

  it('mails a single-use link that sets a new password', async () => {
    const [mail] = await requestReset(DEMO_USERS.clerk);
    expect(mail?.to).toBe(DEMO_USERS.clerk);
    expect(mail?.text).toContain(`${server.origin}/password-reset/Mg/`);
    const { uid, token } = linkParts(mail!.text);

    const weak = await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid, token, new_password: '12345678' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ new_password: ['This password is entirely numeric.'] });

    const confirm = await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid, token, new_password: 'a-new-clerk-password' },
    });
    expect(confirm.status).toBe(204);
    await expect(server.login(DEMO_USERS.clerk, 'a-new-clerk-password')).resolves.toBeTruthy();

    // The audit log says the password changed, by the mailbox's holder, and never the hash.
    const history = await server.request('/users/2/history/', {
      token: await server.login(DEMO_USERS.admin),
    });
    expect(history.body.results[0]).toMatchObject({
      action: 'update',
      user: { id: 2, email: DEMO_USERS.clerk },
      changes: { password: ['***', '***'] },
    });
    expect(JSON.stringify(history.body)).not.toContain('scrypt$');

    const again = await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid, token, new_password: 'yet-another-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: ['Invalid token for given user.'] });
  });

  it('refuses an unknown uid', async () => {
    const response = await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid: 'OTk5', token: 'abc-def', new_password: 'whatever-password' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ uid: ["Invalid user id or user doesn't exist."] });
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After after too many sign-in attempts', async () => {
    const throttled = await startTestServer({
      database: server.database,
      authRate: { limit: 2, windowSeconds: 60 },
    });
    try {
      const attempt = () =>
        throttled.request('/auth/jwt/create/', {
          method: 'POST',
          body: { email: DEMO_USERS.admin, password: 'wrong-password' },
        });
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      const response = await attempt();
      expect(response.status).toBe(429);
      expect(response.body.detail).toMatch(
        /^Request was throttled\. Expected available in \d+ seconds\.$/,
      );
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await throttled.close();
    }
  });
});

describe('GET /config/', () => {
  it('is public and has no OIDC provider yet', async () => {
    const response = await server.request('/config/');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ oidc: null, release: null });
  });
});
