/**
 * The server's signing secret (JWT HS256 key, password-reset HMAC key): `JOULE_SECRET_KEY`
 * when set; else a random key generated on first start and kept in `<data dir>/secret.key`
 * so tokens survive restarts; in memory mode a fresh key per process.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the secret comes from, in order of precedence. */
export interface SecretSource {
  /** An explicit secret (`JOULE_SECRET_KEY`). */
  readonly secretKey?: string;
  /** Data folder holding `secret.key`; absent in memory mode. */
  readonly dataDir?: string;
}

/** Minimum explicit secret length accepted (HS256 wants at least 256 bits of key). */
const MIN_SECRET_LENGTH = 32;

/** Returns the secret as bytes, creating and storing it when the source says so. */
export function loadSecret(source: SecretSource): Uint8Array {
  if (source.secretKey !== undefined) {
    if (source.secretKey.length < MIN_SECRET_LENGTH) {
      throw new Error(`JOULE_SECRET_KEY must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    return new TextEncoder().encode(source.secretKey);
  }
  if (source.dataDir === undefined) return randomBytes(48);
  mkdirSync(source.dataDir, { recursive: true });
  const file = join(source.dataDir, 'secret.key');
  try {
    // 'wx' fails when the file exists, so two processes starting at once agree on one key.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
