/** Test helper: unsigned JWTs with a chosen `exp` (the session only decodes them). */
import { UnsecuredJWT } from 'jose';

/** A JWT whose `exp` is `expS` seconds since the epoch. */
export function jwtExpiringAt(expS: number, tokenType = 'access'): string {
  return new UnsecuredJWT({ token_type: tokenType }).setExpirationTime(expS).encode();
}

/** A JWT issued at `iatS` and expiring at `expS` (seconds since the epoch). */
export function jwtLiving(iatS: number, expS: number): string {
  return new UnsecuredJWT({ token_type: 'access' })
    .setIssuedAt(iatS)
    .setExpirationTime(expS)
    .encode();
}
