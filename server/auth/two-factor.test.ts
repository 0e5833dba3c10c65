/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): enrolment at the first sign-in
 * of a role that requires it, sign-in with a TOTP code or a single-use recovery code, the
 * throttle of code guesses, the superuser's reset, one's own enrolment in Settings, and the
 * single sign-on path left to the provider.
 */
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { DEFAULT_COST, passwordCost, setPasswordCost } from './passwords';
import {
  MAX_CHALLENGE_FAILURES,
  matchRecoveryCode,
  newRecoveryCodes,
  RECOVERY_CODE_COST,
} from './two-factor';
import { USER_ATTEMPTS } from './two-factor-routes';

let server: TestServer;
let admin: string;
let strictRole: number;
let plainRole: number;
const PASSWORD = 'two-factor-password-1';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  const strict = await server.request('/roles/', {
    method: 'POST',
    token: admin,
    body: { name: 'Strict', privileges: ['CUSTOMERS'], requires_two_factor: true },
  });
  expect(strict.status).toBe(201);
  expect(strict.body.requires_two_factor).toBe(true);
  strictRole = strict.body.id;
  const plain = await server.request('/roles/', {
    method: 'POST',
    token: admin,
    body: { name: 'Plain', privileges: ['CUSTOMERS', 'USERS'] },
  });
  expect(plain.body.requires_two_factor).toBe(false);
  plainRole = plain.body.id;
});
afterAll(() => server.close());

async function newUser(email: string, roles: number[]): Promise<number> {
  const created = await server.request('/users/', {
    method: 'POST',
    token: admin,
    body: { email, password: PASSWORD, roles },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const signIn = (email: string, password = PASSWORD) =>
  server.request('/auth/jwt/create/', { method: 'POST', body: { email, password } });

const second = (body: Record<string, string>) =>
  server.request('/auth/two_factor/', { method: 'POST', body });

/** A code of `secret` for the time step `steps` after the current one. */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Enrols `email` at its first sign-in; answers the secret and the recovery codes. */
async function enrolled(email: string) {
  const first = await signIn(email);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ second_factor: 'enrol' });
  expect(first.body.access).toBeUndefined();
  const secret = first.body.secret as string;
  expect(first.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(first.body.otpauth_url).toContain(`secret=${secret}`);
  const done = await second({ challenge: first.body.challenge, code: await codeOf(secret) });
  expect(done.status).toBe(200);
  expect(done.body.access).toEqual(expect.any(String));
  return { secret, recoveryCodes: done.body.recovery_codes as string[] };
}

describe('a role that requires two-factor', () => {
  it('enrols its user at the first sign-in: tokens only after a right code, ten recovery codes', async () => {
    await newUser('tf-enrol@joule.test', [strictRole]);
    const first = await signIn('tf-enrol@joule.test');
    const wrong = await second({ challenge: first.body.challenge, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body)).toEqual(['code']);
    const { recoveryCodes } = await enrolled('tf-enrol@joule.test');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'tf-enrol@joule.test'));
    // Stored encrypted and hashed, never as given.
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.recoveryCodes!.join()).not.toContain(recoveryCodes[0]);
  });

  it('signs in with a code after the password, and refuses the same code twice', async () => {
    await newUser('tf-code@joule.test', [strictRole]);
    const { secret } = await enrolled('tf-code@joule.test');
    const first = await signIn('tf-code@joule.test');
    expect(first.body).toEqual({ second_factor: 'totp', challenge: expect.any(String) });
    const code = await codeOf(secret, 1);
    const done = await second({ challenge: first.body.challenge, code });
    expect(done.status).toBe(200);
    expect((await server.request('/auth/me/', { token: done.body.access })).status).toBe(200);
    // The challenge is used up, and the code is spent.
    expect((await second({ challenge: first.body.challenge, code })).status).toBe(401);
    const again = await signIn('tf-code@joule.test');
    expect((await second({ challenge: again.body.challenge, code })).status).toBe(400);
  });

  it('signs in with a recovery code once; its reuse is refused', async () => {
    await newUser('tf-recovery@joule.test', [strictRole]);
    const { recoveryCodes } = await enrolled('tf-recovery@joule.test');
    const first = await signIn('tf-recovery@joule.test');
    const done = await second({
      challenge: first.body.challenge,
      recovery_code: recoveryCodes[3]!.toUpperCase(),
    });
    expect(done.status).toBe(200);
    expect(done.body.access).toEqual(expect.any(String));
    const again = await signIn('tf-recovery@joule.test');
    const reused = await second({
      challenge: again.body.challenge,
      recovery_code: recoveryCodes[3]!,
    });
    expect(reused.status).toBe(400);
    expect(Object.keys(reused.body)).toEqual(['recovery_code']);
    const status = await server.request('/auth/me/two_factor/', {
      token: (await second({ challenge: again.body.challenge, recovery_code: recoveryCodes[4]! }))
        .body.access,
    });
    expect(status.body).toEqual({ enabled: true, required: true, recovery_codes_left: 8 });
  });

  it('kills a challenge after too many wrong codes, and throttles a user’s guesses with a 429', async () => {
    await newUser('tf-guess@joule.test', [strictRole]);
    const { secret } = await enrolled('tf-guess@joule.test');
    const first = await signIn('tf-guess@joule.test');
    for (let i = 0; i < MAX_CHALLENGE_FAILURES; i++) {
      expect((await second({ challenge: first.body.challenge, code: '000000' })).status).toBe(400);
    }
    const dead = await second({ challenge: first.body.challenge, code: await codeOf(secret, 1) });
    expect(dead.status).toBe(401);
    expect(dead.body.code).toBe('challenge_not_valid');
    // Another challenge: the user's guesses are counted over challenges (one was the enrolment).
    let throttled;
    for (let i = 0; i < USER_ATTEMPTS && !throttled; i++) {
      const next = await signIn('tf-guess@joule.test');
      const answer = await second({ challenge: next.body.challenge, code: '000000' });
      if (answer.status === 429) throttled = answer;
      else expect(answer.status).toBe(400);
    }
    expect(throttled?.status).toBe(429);
    expect(Number(throttled!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right code waits.
    const later = await signIn('tf-guess@joule.test');
    const right = await second({ challenge: later.body.challenge, code: await codeOf(secret, 1) });
    expect(right.status).toBe(429);
  });

  it('refuses a challenge once the password changed', async () => {
    const id = await newUser('tf-changed@joule.test', [strictRole]);
    const first = await signIn('tf-changed@joule.test');
    const changed = await server.request(`/users/${id}/`, {
      method: 'PATCH',
      token: admin,
      body: { password: 'another-password-2' },
    });
    expect(changed.status).toBe(200);
    const late = await second({
      challenge: first.body.challenge,
      code: await codeOf(first.body.secret),
    });
    expect(late.status).toBe(401);
  });
});

describe('POST /users/{id}/reset_two_factor/', () => {
  it('a superuser resets a user’s second factor (audited): their sessions end, the next sign-in enrols again', async () => {
    const id = await newUser('tf-reset@joule.test', [strictRole]);
    const { secret } = await enrolled('tf-reset@joule.test');
    const first = await signIn('tf-reset@joule.test');
    const held = await second({ challenge: first.body.challenge, code: await codeOf(secret, 1) });
    expect(held.status).toBe(200);
    expect((await server.request('/auth/me/', { token: held.body.access })).status).toBe(200);
    const reset = await server.request(`/users/${id}/reset_two_factor/`, {
      method: 'POST',
      token: admin,
    });
    expect(reset.status).toBe(204);
    // Whoever holds the lost device's session is signed out, access and refresh alike.
    expect((await server.request('/auth/me/', { token: held.body.access })).status).toBe(401);
    const renewed = await server.request('/auth/jwt/refresh/', {
      method: 'POST',
      body: { refresh: held.body.refresh },
    });
    expect(renewed.status).toBe(401);
    expect((await signIn('tf-reset@joule.test')).body.second_factor).toBe('enrol');
    const history = await server.request(`/users/${id}/history/`, { token: admin });
    expect(JSON.stringify(history.body)).toContain('two_factor_reset');
  });

  it('is refused to anyone but a superuser, USERS holders included', async () => {
    const id = await newUser('tf-reset-target@joule.test', [strictRole]);
    await enrolled('tf-reset-target@joule.test');
    await newUser('tf-users-holder@joule.test', [plainRole]);
    const holder = await signIn('tf-users-holder@joule.test');
    expect(holder.status).toBe(200);
    const refused = await server.request(`/users/${id}/reset_two_factor/`, {
      method: 'POST',
      token: holder.body.access,
    });
    expect(refused.status).toBe(403);
    expect((await signIn('tf-reset-target@joule.test')).body.second_factor).toBe('totp');
  });
});

describe('one’s own second factor in Settings', () => {
  it('enrols with a code and turns it off with the current password; each ends the other sessions', async () => {
    await newUser('tf-self@joule.test', [plainRole]);
    const session = await signIn('tf-self@joule.test');
    const other = await signIn('tf-self@joule.test');
    let token = session.body.access as string;
    const live = (access: string) => server.request('/auth/me/', { token: access });
    expect((await server.request('/auth/me/two_factor/', { token })).body).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    const setup = await server.request('/auth/me/two_factor/setup/', { method: 'POST', token });
    expect(setup.status).toBe(200);
    const confirm = await server.request('/auth/me/two_factor/confirm/', {
      method: 'POST',
      token,
      body: { challenge: setup.body.challenge, code: await codeOf(setup.body.secret) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    // The session signed in without the second factor ends; this one goes on with a new pair.
    expect((await live(other.body.access)).status).toBe(401);
    expect((await live(token)).status).toBe(401);
    token = confirm.body.access;
    expect((await live(token)).status).toBe(200);
    const afterOn = await signIn('tf-self@joule.test');
    expect(afterOn.body.second_factor).toBe('totp');
    const elsewhere = await second({
      challenge: afterOn.body.challenge,
      code: await codeOf(setup.body.secret, 1),
    });
    expect((await live(elsewhere.body.access)).status).toBe(200);
    const wrong = await server.request('/auth/me/two_factor/disable/', {
      method: 'POST',
      token,
      body: { current_password: 'not-mine' },
    });
    expect(wrong.status).toBe(400);
    const off = await server.request('/auth/me/two_factor/disable/', {
      method: 'POST',
      token,
      body: { current_password: PASSWORD },
    });
    expect(off.status).toBe(200);
    expect((await live(elsewhere.body.access)).status).toBe(401);
    expect((await live(token)).status).toBe(401);
    expect((await live(off.body.access)).status).toBe(200);
    const renewed = await server.request('/auth/jwt/refresh/', {
      method: 'POST',
      body: { refresh: off.body.refresh },
    });
    expect(renewed.status).toBe(200);
    expect((await signIn('tf-self@joule.test')).body.access).toEqual(expect.any(String));
  });

  it('refuses to turn it off when the role requires it', async () => {
    await newUser('tf-self-strict@joule.test', [strictRole]);
    const { secret } = await enrolled('tf-self-strict@joule.test');
    const first = await signIn('tf-self-strict@joule.test');
    const done = await second({ challenge: first.body.challenge, code: await codeOf(secret, 1) });
    const off = await server.request('/auth/me/two_factor/disable/', {
      method: 'POST',
      token: done.body.access,
      body: { current_password: PASSWORD },
    });
    expect(off.status).toBe(400);
    expect(Object.keys(off.body)).toEqual(['non_field_errors']);
  });
});

describe('recovery codes', () => {
  it('are hashed at their own cost, below a password’s, and each matches its own hash', async () => {
    const lowered = passwordCost();
    setPasswordCost(DEFAULT_COST);
    try {
      const { codes, stored } = await newRecoveryCodes();
      expect(RECOVERY_CODE_COST.N).toBeLessThan(DEFAULT_COST.N);
      for (const entry of stored) {
        expect(entry).toMatch(
          new RegExp(`^[a-z0-9]{2}:scrypt\\$${RECOVERY_CODE_COST.N}\\$8\\$1\\$`),
        );
      }
      expect(await matchRecoveryCode(stored, codes[3]!.toUpperCase())).toBe(3);
      expect(await matchRecoveryCode(stored, 'aaaaa-aaaaa')).toBe(-1);
    } finally {
      setPasswordCost(lowered);
    }
  });
});

describe('the demo roles', () => {
  it('do not require a second factor: one password signs in', async () => {
    const answer = await signIn(DEMO_USERS.clerk, DEMO_PASSWORD);
    expect(answer.body.access).toEqual(expect.any(String));
  });
});
