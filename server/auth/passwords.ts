/**
 * Password hashing with scrypt (memory-hard; RFC 7914) from Node's crypto, and the
 * password policy shared by the users resource and the password reset.
 *
 * Stored format: `scrypt$<N>$<r>$<p>$<salt>$<hash>` with salt and hash in unpadded
 * base64url, so parameters can be raised later without invalidating old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { messages } from '../i18n/messages';
import type { Text } from '../i18n/text';

/** scrypt cost parameters: CPU/memory cost N (a power of two), block size r, parallelism p. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * Cost of new hashes: OWASP's current minimum for scrypt (Password Storage Cheat Sheet),
 * N=2^17, r=8, p=1. One hash needs 128 MiB (128·N·r bytes) and ~0.3–1 s of one core.
 * Hashes of an older, lower cost still verify and are upgraded at the next sign-in
 * ({@link needsRehash}).
 */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuse stored parameters above this work factor (a tampered row must not stall us). */
const MAX_N = 2 ** 20;

/** Shortest and longest password the API accepts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

let costOfNewHashes: ScryptCost = DEFAULT_COST;

/**
 * Sets the cost of new hashes and the target of {@link needsRehash} for this process
 * ({@link DEFAULT_COST} unless set). Only the test harness lowers it, so that the many
 * sign-ins and user creations of a test run stay fast; a process-wide setting because the
 * users resource hashes in a field's `encode`, which has no app context.
 */
export function setPasswordCost(cost: ScryptCost): void {
  costOfNewHashes = cost;
}

/** The cost of new hashes (see {@link setPasswordCost}). */
export function passwordCost(): ScryptCost {
  return costOfNewHashes;
}

let derivations = 0;

/**
 * How many scrypt derivations this process has started (hashes and checks alike): tests
 * use it to show that a refused input never reached the KDF.
 */
export function passwordDerivations(): number {
  return derivations;
}

function derive(password: string, salt: Buffer, cost: ScryptCost) {
  derivations += 1;
  // scrypt needs about 128·N·r bytes; Node refuses more than `maxmem` (32 MiB by default,
  // less than N=2^17 needs), so allow twice that.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes `password` for storage. `cost` is for tests, which trade strength for speed;
 * verification reads the cost from the stored hash.
 */
export async function hashPassword(
  password: string,
  cost: ScryptCost = costOfNewHashes,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

// A valid hash of a random password, checked when there is no user so that a wrong
// e-mail costs as much time as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against a stored hash in constant time. A missing or malformed hash
 * never matches, after the same work as a real check.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return false;
  }
  const { cost, salt, hash } = parsed;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * True when a stored hash is weaker than new hashes are made ({@link passwordCost}): any
 * of N, r, p below it, or not a well-formed scrypt hash. The sign-in rehashes the password
 * it has just verified and stores the new hash (Django's `must_update`).
 */
export function needsRehash(stored: string, target: ScryptCost = costOfNewHashes): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { cost } = parsed;
  return cost.N < target.N || cost.r < target.r || cost.p < target.p;
}

/** Cost, salt and hash of a well-formed stored hash with sane parameters, else undefined. */
function parseHash(
  stored: string | null,
): { cost: ScryptCost; salt: string; hash: string } | undefined {
  const parts = stored?.split('$') ?? [];
  const [scheme, n, r, p, salt, hash] = parts;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const wellFormed =
    parts.length === 6 &&
    scheme === 'scrypt' &&
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= 16;
  return wellFormed && salt && hash ? { cost, salt, hash } : undefined;
}

/** Django-style password rules beyond length: messages for what `password` breaks. */
export function passwordRuleViolations(password: string): Text[] {
  return /^\d+$/.test(password) ? [messages.passwordNumeric] : [];
}

/** All policy messages for a new password (length and rules), empty when acceptable. */
export function validateNewPassword(password: string): Text[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [messages.minLength(PASSWORD_MIN_LENGTH)];
  if (password.length > PASSWORD_MAX_LENGTH) return [messages.maxLength(PASSWORD_MAX_LENGTH)];
  return passwordRuleViolations(password);
}
