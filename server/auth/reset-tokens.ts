/**
 * Password-reset links (docs/api.md "Authentication endpoints"): `uid` is the unpadded
 * URL-safe base64 of the user id (Django's `urlsafe_base64_encode`); the token is
 * `<expiry in base36 seconds>-<HMAC>` over the user's id, e-mail, active flag, password
 * hash and the expiry. No state is stored: setting a new password changes the hash and
 * so invalidates the token (single use), and it stops working at its expiry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the token is bound to; any change invalidates outstanding tokens. */
export interface ResetTokenUser {
  readonly id: number;
  readonly email: string;
  readonly isActive: boolean;
  readonly passwordHash: string | null;
}

/** `uid` of a reset link for user `id`. */
export function encodeUid(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64url');
}

/** The user id in a reset link's `uid`, or undefined when it is not one. */
export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return undefined;
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(decoded)) return undefined;
  const id = Number(decoded);
  return id <= 2_147_483_647 ? id : undefined;
}

/** Makes and checks reset tokens with a key derived from the server secret. */
export class ResetTokens {
  private readonly key: Buffer;

  /**
   * @param secret the server secret
   * @param lifetime seconds a token stays valid
   * @param now clock in milliseconds, for tests
   */
  constructor(
    secret: Uint8Array,
    private readonly lifetime: number,
    private readonly now: () => number = Date.now,
  ) {
    // A purpose-specific key, so a reset MAC can never be confused with a JWT signature.
    this.key = createHmac('sha256', secret).update('joule.password-reset.v1').digest();
  }

  /** A token for `user`, valid for the configured lifetime. */
  make(user: ResetTokenUser): string {
    const expiry = Math.floor(this.now() / 1000) + this.lifetime;
    return `${expiry.toString(36)}-${this.mac(user, expiry)}`;
  }

  /** True when `token` was made for `user` in its current state and has not expired. */
  check(user: ResetTokenUser, token: string): boolean {
    const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const expiry = Number.parseInt(match[1]!, 36);
    if (expiry < Math.floor(this.now() / 1000)) return false;
    const expected = Buffer.from(this.mac(user, expiry));
    const actual = Buffer.from(match[2]!);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private mac(user: ResetTokenUser, expiry: number): string {
    const message = JSON.stringify([user.id, user.email, user.isActive, user.passwordHash, expiry]);
    return createHmac('sha256', this.key).update(message).digest('base64url');
  }
}
