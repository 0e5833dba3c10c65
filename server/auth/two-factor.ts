/**
 * The second factor of a password sign-in (docs/security.md "Two-factor sign-in"): TOTP
 * codes (RFC 6238, 6 digits, 30-second steps, by otplib) and ten single-use recovery codes.
 *
 * - The TOTP secret is kept only on the server, encrypted (AES-256-GCM under a key derived
 *   from the server's signing secret by HKDF); it is shown once, at enrolment.
 * - Recovery codes are hashed with the password KDF (`passwords.ts`); the stored form keeps
 *   the code's first two characters beside the hash so that a check derives one key, not ten.
 * - A code is accepted once: the time step of the last accepted code is kept and only a later
 *   one passes (otplib's `afterTimeStep`).
 * - A challenge (`two_factor_challenges`) is what a right password earns: a random token the
 *   client holds (only its SHA-256 is stored), valid {@link CHALLENGE_LIFETIME} seconds and for
 *   {@link MAX_CHALLENGE_FAILURES} wrong codes.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../db/client';
import { roles, twoFactorChallenges, users } from '../db/schema';
import { hashPassword, passwordCost, verifyPassword, type ScryptCost } from './passwords';

/** Seconds a sign-in challenge stays valid (an enrolment: twice that). */
export const CHALLENGE_LIFETIME = 300;
/** Wrong codes a challenge takes before it is deleted. */
export const MAX_CHALLENGE_FAILURES = 5;
/** How many recovery codes an enrolment makes. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * scrypt cost of a recovery code's hash: N=2^14, r=8 (16 MiB, an eighth of a password's).
 * A code is 50 random bits, not a chosen password: guessing one offline from its hash costs
 * 2^49 scrypt runs on average even at this cost, and ten hashes at a password's cost made
 * an enrolment take seconds of both cores. Lower still when the test harness lowered the
 * password cost ({@link passwordCost}).
 */
export const RECOVERY_CODE_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };
/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Joule';
/** Time steps before and after the server's accepted for clock drift (30 s each way). */
const EPOCH_TOLERANCE = 30;
/** Recovery codes' alphabet: lower-case letters and digits without look-alikes (0/o, 1/l). */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** What a challenge is for (see the table's comment in `db/schema/security.ts`). */
export type ChallengeKind = 'totp' | 'enrol' | 'setup';

/** Encrypts and decrypts TOTP secrets with a key derived from the server's secret. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'joule totp secret', 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text of {@link seal}'s output; undefined when it does not open (other key). */
  open(sealed: string): string | undefined {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/** A new TOTP secret (base32, 160 bits). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** What an authenticator app needs: the secret, its `otpauth://` URL and that URL as an SVG QR code. */
export interface Enrolment {
  readonly secret: string;
  readonly otpauth_url: string;
  /** `data:image/svg+xml;base64,…` */
  readonly qr: string;
}

/** The {@link Enrolment} of `secret` for the account `email`. */
export async function enrolmentOf(secret: string, email: string): Promise<Enrolment> {
  const url = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauth_url: url,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * The time step of `code` when it is a valid TOTP code of `secret` later than `afterStep`
 * (replay), else undefined. Only six digits are tried.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE,
      ...(afterStep !== null && { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

/** Ten new recovery codes (`xxxxx-xxxxx`, 50 bits each) and their stored forms. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; stored: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % 32]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  const cost = passwordCost().N < RECOVERY_CODE_COST.N ? passwordCost() : RECOVERY_CODE_COST;
  const stored = await Promise.all(
    codes.map(async (code) => `${code.slice(0, 2)}:${await hashPassword(code, cost)}`),
  );
  return { codes, stored };
}

/** A typed recovery code in its canonical form (lower case, the dash in place). */
export function normaliseRecoveryCode(input: string): string {
  const chars = input.toLowerCase().replace(/[^a-z0-9]/g, '');
  return chars.length === 10 ? `${chars.slice(0, 5)}-${chars.slice(5)}` : input;
}

/** The index in `stored` of the entry `code` matches, or -1. */
export async function matchRecoveryCode(stored: readonly string[], code: string): Promise<number> {
  const canonical = normaliseRecoveryCode(code);
  for (const [index, entry] of stored.entries()) {
    const separator = entry.indexOf(':');
    if (entry.slice(0, separator) !== canonical.slice(0, 2)) continue;
    if (await verifyPassword(canonical, entry.slice(separator + 1))) return index;
  }
  return -1;
}

/** True when one of the user's roles requires a second factor. */
export async function twoFactorRequired(db: Database, roleIds: readonly number[]) {
  if (roleIds.length === 0) return false;
  const rows = await db
    .select({ id: roles.id, requires: roles.requiresTwoFactor })
    .from(roles)
    .where(eq(roles.requiresTwoFactor, true));
  return rows.some((row) => roleIds.includes(row.id));
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Starts a challenge of `kind` for user `userId` at token generation `generation`; answers
 * the token the client is to hold. Deletes expired challenges and the user's earlier ones of
 * the same kind.
 */
export async function startChallenge(
  db: Database,
  userId: number,
  generation: number,
  kind: ChallengeKind,
  pendingSecret: string | null = null,
): Promise<string> {
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date()));
  await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.userId, userId), eq(twoFactorChallenges.kind, kind)));
  const token = randomBytes(32).toString('base64url');
  const lifetime = kind === 'totp' ? CHALLENGE_LIFETIME : CHALLENGE_LIFETIME * 2;
  await db.insert(twoFactorChallenges).values({
    id: digest(token),
    userId,
    kind,
    tokenGeneration: generation,
    pendingSecret,
    expiresAt: new Date(Date.now() + lifetime * 1000),
  });
  return token;
}

/** A live challenge, as stored. */
export type Challenge = typeof twoFactorChallenges.$inferSelect;

/** The live challenge of `token`, or undefined (unknown, expired, or used up). */
export async function findChallenge(db: Database, token: string): Promise<Challenge | undefined> {
  if (token.length > 100) return undefined;
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(eq(twoFactorChallenges.id, digest(token)), gt(twoFactorChallenges.expiresAt, new Date())),
    );
  return row;
}

/**
 * Counts a wrong code against `challenge`; deletes it at {@link MAX_CHALLENGE_FAILURES}.
 * Answers the wrong codes it may still take.
 */
export async function countFailure(db: Database, challenge: Challenge): Promise<number> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ failures: challenge.failures + 1 })
    .where(eq(twoFactorChallenges.id, challenge.id))
    .returning({ failures: twoFactorChallenges.failures });
  const failures = row?.failures ?? MAX_CHALLENGE_FAILURES;
  if (failures >= MAX_CHALLENGE_FAILURES) await endChallenge(db, challenge);
  return Math.max(0, MAX_CHALLENGE_FAILURES - failures);
}

/** Deletes `challenge` (used, or used up). */
export async function endChallenge(db: Database, challenge: Challenge): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, challenge.id));
}

/** Removes user `userId`'s second factor and pending challenges (reset, or disabled). */
export async function clearTwoFactor(db: Database, userId: number): Promise<boolean> {
  const cleared = await db
    .update(users)
    .set({ totpSecret: null, totpLastStep: null, recoveryCodes: null })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  return cleared.length > 0;
}
