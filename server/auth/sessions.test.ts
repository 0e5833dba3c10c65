/**
 * Sessions (docs/security.md "Tokens"): refresh token reuse detection over a token family,
 * access tokens that stop working at once on logout, the session list, signing out
 * everywhere (oneself and, for a holder of USERS, another user), and account changes
 * ending every session.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

interface Pair {
  readonly access: string;
  readonly refresh: string;
}

const TOKEN_NOT_VALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

async function signIn(email: string, password: string, userAgent = 'Test browser'): Promise<Pair> {
  const response = await server.request<Pair>('/auth/jwt/create/', {
    method: 'POST',
    headers: { 'user-agent': userAgent },
    body: { email, password },
  });
  expect(response.status).toBe(200);
  return response.body;
}

let made = 0;
/** A new user with its own password (and `roles`); answers its e-mail, password and id. */
async function freshUser(roles: number[] = []) {
  made += 1;
  const email = `sessions-${made}@joule.test`;
  const password = `sessions-password-${made}`;
  const created = await server.request<{ id: number }>('/users/', {
    method: 'POST',
    token: admin,
    body: { email, password, roles },
  });
  expect(created.status).toBe(201);
  return { email, password, id: created.body.id };
}

const me = (access: string) => server.request('/auth/me/', { token: access });
const refreshWith = (refresh: string) =>
  server.request<Pair>('/auth/jwt/refresh/', { method: 'POST', body: { refresh } });
const listOf = (access: string) =>
  server.request<{ id: string; user_agent: string | null; current: boolean }[]>(
    '/auth/me/sessions/',
    { token: access },
  );
const sidOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

describe('refresh token reuse detection (token families)', () => {
  it('a reused, already rotated refresh token revokes the family: successor and access tokens', async () => {
    const user = await freshUser();
    const first = await signIn(user.email, user.password);
    const second = await refreshWith(first.refresh);
    expect(second.status).toBe(200);
    expect(sidOf(second.body.refresh)).toBe(sidOf(first.refresh));
    expect((await me(second.body.access)).status).toBe(200);

    // The thief (or the user) presents the rotated token again.
    const reused = await refreshWith(first.refresh);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual(TOKEN_NOT_VALID);

    // The successor is refused, and so are the family's access tokens.
    const successor = await refreshWith(second.body.refresh);
    expect(successor.status).toBe(401);
    expect(successor.body).toEqual(TOKEN_NOT_VALID);
    expect((await me(second.body.access)).status).toBe(401);
    expect((await me(first.access)).status).toBe(401);
    const [row] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(first.refresh)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('the reuse of a token two rotations back revokes the family too', async () => {
    const user = await freshUser();
    const first = await signIn(user.email, user.password);
    const second = (await refreshWith(first.refresh)).body;
    const third = await refreshWith(second.refresh);
    expect(third.status).toBe(200);
    expect((await refreshWith(first.refresh)).status).toBe(401);
    expect((await refreshWith(third.body.refresh)).status).toBe(401);
    expect((await me(third.body.access)).status).toBe(401);
  });

  it('ends only the reused family: another sign-in of the same user goes on', async () => {
    const user = await freshUser();
    const phone = await signIn(user.email, user.password, 'Phone');
    const laptop = await signIn(user.email, user.password, 'Laptop');
    const rotated = (await refreshWith(phone.refresh)).body;
    expect((await refreshWith(phone.refresh)).status).toBe(401);
    expect((await refreshWith(rotated.refresh)).status).toBe(401);
    expect((await me(laptop.access)).status).toBe(200);
    expect((await refreshWith(laptop.refresh)).status).toBe(200);
  });

  it('a refresh token whose session row is gone is refused', async () => {
    const user = await freshUser();
    const pair = await signIn(user.email, user.password);
    await server.database.db.delete(sessions).where(eq(sessions.id, sidOf(pair.refresh)));
    expect((await refreshWith(pair.refresh)).status).toBe(401);
    expect((await me(pair.access)).status).toBe(401);
  });
});

describe('logout revokes the session', () => {
  it('its access token stops working at once, another session keeps working', async () => {
    const user = await freshUser();
    const leaving = await signIn(user.email, user.password);
    const staying = await signIn(user.email, user.password);
    expect((await me(leaving.access)).status).toBe(200);
    const out = await server.request('/auth/jwt/blacklist/', {
      method: 'POST',
      body: { refresh: leaving.refresh },
    });
    expect(out.status).toBe(200);
    const refused = await me(leaving.access);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'token_not_valid' });
    expect((await me(staying.access)).status).toBe(200);
  });
});

describe('GET /auth/me/sessions/ and DELETE /auth/me/sessions/{id}/', () => {
  it('lists the live sessions with browser, address and times; revokes one', async () => {
    const user = await freshUser();
    const phone = await signIn(user.email, user.password, 'Phone browser');
    const laptop = await signIn(user.email, user.password, 'Laptop browser');
    const listed = await listOf(laptop.access);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const byAgent = new Map(listed.body.map((session) => [session.user_agent, session]));
    expect(byAgent.get('Laptop browser')).toMatchObject({
      id: sidOf(laptop.access),
      current: true,
      address: expect.any(String),
      created_at: expect.any(String),
      last_used_at: expect.any(String),
    });
    expect(byAgent.get('Phone browser')).toMatchObject({ id: sidOf(phone.access), current: false });

    const revoked = await server.request(`/auth/me/sessions/${sidOf(phone.access)}/`, {
      method: 'DELETE',
      token: laptop.access,
    });
    expect(revoked.status).toBe(204);
    expect((await me(phone.access)).status).toBe(401);
    expect((await refreshWith(phone.refresh)).status).toBe(401);
    expect((await me(laptop.access)).status).toBe(200);
    expect((await listOf(laptop.access)).body.map((session) => session.id)).toEqual([
      sidOf(laptop.access),
    ]);
    // Once more: it is not live any more.
    const again = await server.request(`/auth/me/sessions/${sidOf(phone.access)}/`, {
      method: 'DELETE',
      token: laptop.access,
    });
    expect(again.status).toBe(404);
  });

  it('answers 404 for another user’s session, which keeps working', async () => {
    const owner = await freshUser();
    const other = await freshUser();
    const owners = await signIn(owner.email, owner.password);
    const others = await signIn(other.email, other.password);
    const response = await server.request(`/auth/me/sessions/${sidOf(owners.access)}/`, {
      method: 'DELETE',
      token: others.access,
    });
    expect(response.status).toBe(404);
    expect((await me(owners.access)).status).toBe(200);
    expect((await listOf(others.access)).body).toHaveLength(1);
  });
});

describe('POST /auth/me/sign_out_everywhere/', () => {
  it('ends every session of the user, the asking one included', async () => {
    const user = await freshUser();
    const one = await signIn(user.email, user.password);
    const two = await signIn(user.email, user.password);
    const response = await server.request('/auth/me/sign_out_everywhere/', {
      method: 'POST',
      token: one.access,
    });
    expect(response.status).toBe(204);
    for (const pair of [one, two]) {
      expect((await me(pair.access)).status).toBe(401);
      expect((await refreshWith(pair.refresh)).status).toBe(401);
    }
    const fresh = await signIn(user.email, user.password);
    expect((await me(fresh.access)).status).toBe(200);
    expect((await listOf(fresh.access)).body).toHaveLength(1);
  });
});

describe('POST /users/{id}/sign_out_everywhere/', () => {
  it('a superuser signs another user out everywhere; audited', async () => {
    const user = await freshUser();
    const pair = await signIn(user.email, user.password);
    const response = await server.request(`/users/${user.id}/sign_out_everywhere/`, {
      method: 'POST',
      token: admin,
    });
    expect(response.status).toBe(204);
    expect((await me(pair.access)).status).toBe(401);
    expect((await refreshWith(pair.refresh)).status).toBe(401);
    expect((await me(admin)).status).toBe(200);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.rowId, user.id));
    expect(audit.some((row) => JSON.stringify(row.changes).includes('signed_out_everywhere'))).toBe(
      true,
    );
  });

  it('a holder of USERS signs out a weaker user, not a stronger one nor a superuser', async () => {
    const usersOnly = await server.loginWithPrivileges(['USERS']);
    const weak = await freshUser();
    const weakPair = await signIn(weak.email, weak.password);
    const ok = await server.request(`/users/${weak.id}/sign_out_everywhere/`, {
      method: 'POST',
      token: usersOnly,
    });
    expect(ok.status).toBe(204);
    expect((await me(weakPair.access)).status).toBe(401);

    const adminId = (await server.request<{ id: number }>('/auth/me/', { token: admin })).body.id;
    const refused = await server.request(`/users/${adminId}/sign_out_everywhere/`, {
      method: 'POST',
      token: usersOnly,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: expect.any(String) });
    expect((await me(admin)).status).toBe(200);
  });

  it('needs USERS (403) and a user that exists (404)', async () => {
    const clerk = await server.login(DEMO_USERS.clerk);
    const user = await freshUser();
    const pair = await signIn(user.email, user.password);
    const refused = await server.request(`/users/${user.id}/sign_out_everywhere/`, {
      method: 'POST',
      token: clerk,
    });
    expect(refused.status).toBe(403);
    expect((await me(pair.access)).status).toBe(200);
    const missing = await server.request('/users/999999/sign_out_everywhere/', {
      method: 'POST',
      token: admin,
    });
    expect(missing.status).toBe(404);
  });
});

describe('account changes end every session', () => {
  it('a new own password: other sessions refused, the answer’s pair is the only live one', async () => {
    const user = await freshUser();
    const other = await signIn(user.email, user.password, 'Other');
    const asking = await signIn(user.email, user.password, 'Asking');
    const changed = await server.request<Pair>('/auth/me/password/', {
      method: 'POST',
      token: asking.access,
      body: { current_password: user.password, new_password: 'a-brand-new-password-1' },
    });
    expect(changed.status).toBe(200);
    for (const pair of [other, asking]) {
      expect((await me(pair.access)).status).toBe(401);
      expect((await refreshWith(pair.refresh)).status).toBe(401);
    }
    const listed = await listOf(changed.body.access);
    expect(listed.status).toBe(200);
    expect(listed.body.map((session) => session.id)).toEqual([sidOf(changed.body.access)]);
    expect((await refreshWith(changed.body.refresh)).status).toBe(200);
  });

  it('a new e-mail set by a superuser ends the user’s sessions', async () => {
    const user = await freshUser();
    const pair = await signIn(user.email, user.password);
    const patched = await server.request(`/users/${user.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { email: `moved-${user.email}` },
    });
    expect(patched.status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await me(pair.access)).status).toBe(401);
  });
});
