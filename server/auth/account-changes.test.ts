/**
 * One's own password and e-mail change only with the current password; every password or
 * e-mail change signs the user out everywhere and mails them a notice (docs/security.md
 * "Account changes").
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountNotices } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

/** A new user with a password and the Clerk-free role set; answers its id. */
async function freshUser(email: string, password = 'first-password-1'): Promise<number> {
  const created = await server.request('/users/', {
    method: 'POST',
    token: admin,
    body: { email, password },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

async function signIn(email: string, password: string) {
  const response = await server.request('/auth/jwt/create/', {
    method: 'POST',
    body: { email, password },
  });
  expect(response.status).toBe(200);
  return response.body as { access: string; refresh: string };
}

const me = (access: string) => server.request('/auth/me/', { token: access });
const refresh = (token: string) =>
  server.request('/auth/jwt/refresh/', { method: 'POST', body: { refresh: token } });

/** Waits for a mail to `to` whose subject contains `subject`, sent after `before` mails. */
async function noticeTo(to: string, subject: string, before: number) {
  await vi.waitFor(() =>
    expect(
      server.mailer.sent.slice(before).some((m) => m.to === to && m.subject.includes(subject)),
    ).toBe(true),
  );
  return server.mailer.sent.slice(before).find((m) => m.to === to && m.subject.includes(subject))!;
}

describe('POST /auth/me/password/', () => {
  it('refuses a wrong current password, changing nothing', async () => {
    await freshUser('own-password-wrong@joule.test');
    const session = await signIn('own-password-wrong@joule.test', 'first-password-1');
    const response = await server.request('/auth/me/password/', {
      method: 'POST',
      token: session.access,
      body: { current_password: 'not-my-password', new_password: 'second-password-2' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['current_password']);
    expect((await me(session.access)).status).toBe(200);
    await signIn('own-password-wrong@joule.test', 'first-password-1');
  });

  it('with the current password: signs out every other session, answers a new pair, mails a notice', async () => {
    await freshUser('own-password@joule.test');
    const other = await signIn('own-password@joule.test', 'first-password-1');
    const here = await signIn('own-password@joule.test', 'first-password-1');
    const before = server.mailer.sent.length;
    const response = await server.request('/auth/me/password/', {
      method: 'POST',
      token: here.access,
      body: { current_password: 'first-password-1', new_password: 'second-password-2' },
    });
    expect(response.status).toBe(200);
    for (const old of [other, here]) {
      expect((await me(old.access)).status).toBe(401);
      expect((await refresh(old.refresh)).status).toBe(401);
    }
    expect((await me(response.body.access)).status).toBe(200);
    expect((await refresh(response.body.refresh)).status).toBe(200);
    await signIn('own-password@joule.test', 'second-password-2');
    const notice = await noticeTo('own-password@joule.test', 'password', before);
    expect(notice.text).toContain('own-password@joule.test');
    expect(notice.text).not.toContain('second-password-2');
  });

  it('applies the password policy', async () => {
    await freshUser('own-password-weak@joule.test');
    const session = await signIn('own-password-weak@joule.test', 'first-password-1');
    const response = await server.request('/auth/me/password/', {
      method: 'POST',
      token: session.access,
      body: { current_password: 'first-password-1', new_password: '1234' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['new_password']);
  });
});

describe('POST /auth/me/email/', () => {
  it('needs the current password, refuses a taken or oversized address', async () => {
    await freshUser('own-email-refused@joule.test');
    const session = await signIn('own-email-refused@joule.test', 'first-password-1');
    const post = (body: object) =>
      server.request('/auth/me/email/', { method: 'POST', token: session.access, body });
    expect(
      (await post({ current_password: 'wrong-password', new_email: 'x-new@joule.test' })).status,
    ).toBe(400);
    const taken = await post({ current_password: 'first-password-1', new_email: DEMO_USERS.clerk });
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body)).toEqual(['new_email']);
    const long = await post({
      current_password: 'first-password-1',
      new_email: `${'a'.repeat(250)}@joule.test`,
    });
    expect(long.status).toBe(400);
    expect((await me(session.access)).body.email).toBe('own-email-refused@joule.test');
  });

  it('with the current password: moves the account, signs out, tells both addresses', async () => {
    await freshUser('own-email@joule.test');
    const session = await signIn('own-email@joule.test', 'first-password-1');
    const before = server.mailer.sent.length;
    const response = await server.request('/auth/me/email/', {
      method: 'POST',
      token: session.access,
      body: { current_password: 'first-password-1', new_email: 'Own-Email-New@joule.test' },
    });
    expect(response.status).toBe(200);
    expect((await me(session.access)).status).toBe(401);
    expect((await me(response.body.access)).body.email).toBe('own-email-new@joule.test');
    await signIn('own-email-new@joule.test', 'first-password-1');
    await noticeTo('own-email@joule.test', 'e-mail', before);
    await noticeTo('own-email-new@joule.test', 'e-mail', before);
  });
});

describe('changes made by others are noticed too', () => {
  it('a superuser setting a password or e-mail, and a reset, each mail the user', async () => {
    const id = await freshUser('noticed@joule.test');
    let before = server.mailer.sent.length;
    const patch = (body: object) =>
      server.request(`/users/${id}/`, { method: 'PATCH', token: admin, body });
    expect((await patch({ password: 'set-by-admin-1' })).status).toBe(200);
    await noticeTo('noticed@joule.test', 'password', before);

    before = server.mailer.sent.length;
    expect((await patch({ email: 'noticed-moved@joule.test' })).status).toBe(200);
    await noticeTo('noticed@joule.test', 'e-mail', before);
    await noticeTo('noticed-moved@joule.test', 'e-mail', before);

    before = server.mailer.sent.length;
    expect((await patch({ roles: [] })).status).toBe(200);
    expect((await patch({ is_active: true })).status).toBe(200);
    // Neither is an account change: nothing is queued.
    const queued = await server.database.db.select().from(accountNotices);
    expect(queued).toEqual([]);
    expect(server.mailer.sent.slice(before).filter((m) => m.to.startsWith('noticed'))).toEqual([]);
  });
});
