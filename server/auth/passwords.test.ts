/**
 * scrypt cost (OWASP minimum N=2^17, r=8, p=1) and the upgrade of older hashes at sign-in.
 * This file runs its server at the production cost (the harness lowers it otherwise).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { startTestServer, type TestServer } from '../test-support/server';
import { DEFAULT_COST, hashPassword, needsRehash, verifyPassword } from './passwords';

const OLD_COST = { N: 2 ** 15, r: 8, p: 1 };
const costOf = (hash: string) => hash.split('$').slice(1, 4).map(Number);

describe('DEFAULT_COST', () => {
  it('is OWASP’s current minimum for scrypt', () => {
    expect(DEFAULT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });
});

describe('needsRehash', () => {
  it('is true for hashes weaker than the target in any parameter', async () => {
    const target = { N: 2 ** 12, r: 8, p: 1 };
    expect(needsRehash(await hashPassword('pw-pw-pw-pw', { N: 2 ** 11, r: 8, p: 1 }), target)).toBe(
      true,
    );
    expect(needsRehash(await hashPassword('pw-pw-pw-pw', { N: 2 ** 12, r: 4, p: 1 }), target)).toBe(
      true,
    );
    expect(needsRehash(await hashPassword('pw-pw-pw-pw', target), target)).toBe(false);
    expect(needsRehash(await hashPassword('pw-pw-pw-pw', { N: 2 ** 13, r: 8, p: 1 }), target)).toBe(
      false,
    );
    expect(needsRehash('not-a-hash', target)).toBe(true);
  });
});

describe('sign-in at the production cost', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ passwordCost: DEFAULT_COST });
  });
  afterAll(() => server.close());

  it('hashes with N=2^17 (maxmem allows it) and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(costOf(hash)).toEqual([2 ** 17, 8, 1]);
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('wrong horse', hash)).resolves.toBe(false);
  });

  it('upgrades a hash of N=2^15 to the current cost, and the password still works', async () => {
    const { db } = server.database;
    const [user] = await db
      .insert(users)
      .values({
        email: 'old-hash@joule.test',
        passwordHash: await hashPassword('an-old-password', OLD_COST),
      })
      .returning({ id: users.id });
    const stored = async () =>
      (await db.select().from(users).where(eq(users.id, user!.id)))[0]!.passwordHash!;
    expect(costOf(await stored())).toEqual([2 ** 15, 8, 1]);

    const before = await server.login('old-hash@joule.test', 'an-old-password');
    const upgraded = await stored();
    expect(costOf(upgraded)).toEqual([2 ** 17, 8, 1]);
    await expect(verifyPassword('an-old-password', upgraded)).resolves.toBe(true);
    // A rehash keeps the password: earlier tokens stay valid, also the sign-in's own.
    const [row] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(row!.passwordChangedAt).toBeNull();
    expect(row!.tokenGeneration).toBe(0);
    expect((await server.request('/auth/me/', { token: before })).status).toBe(200);

    await server.login('old-hash@joule.test', 'an-old-password');
    expect(await stored()).toBe(upgraded);
  });

  it('a failed sign-in does not touch the hash', async () => {
    const { db } = server.database;
    const hash = await hashPassword('another-old-password', OLD_COST);
    await db.insert(users).values({ email: 'old-hash-2@joule.test', passwordHash: hash });
    const response = await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email: 'old-hash-2@joule.test', password: 'wrong-password' },
    });
    expect(response.status).toBe(401);
    const [row] = await db.select().from(users).where(eq(users.email, 'old-hash-2@joule.test'));
    expect(row!.passwordHash).toBe(hash);
  });
});
