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

/** Cost of new hashes: N=2^15, r=8, p=1 needs 32 MiB and ~100–250 ms per hash. */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuse stored parameters above this work factor (a tampered row must not stall us). */
const MAX_N = 2 ** 20;

/** Shortest and longest password the API accepts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

function derive(password: string, salt: Buffer, cost: ScryptCost) {
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
  cost: ScryptCost = DEFAULT_COST,
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
  if (!wellFormed || !salt || !hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
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
