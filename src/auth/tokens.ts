/**
 * Token arithmetic for the refresh timer (SPEC §4 "Token refresh", §9): pure functions,
 * times in seconds since the epoch (JWT `exp`).
 */
import { decodeJwt } from 'jose';

/** How often the timer looks at the tokens (SPEC §9: 3 s). */
export const REFRESH_CHECK_INTERVAL_MS = 3_000;
/** Renew when the access token has less than this left (SPEC §9: 120 s). */
export const REFRESH_MARGIN_S = 120;

/**
 * The `exp` claim of a JWT in seconds, or null when the token is empty, not a JWT or has no
 * numeric `exp`. Decodes only: the signature is the server's business.
 */
export function tokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** What the refresh timer should do now. */
export type RefreshDecision = 'wait' | 'refresh' | 'logout';

/**
 * The timer's decision (SPEC §4): nothing while the access token has more than `margin`
 * seconds left; renew when it has less and the refresh token is still valid beyond the
 * margin; sign out when the refresh token cannot be used any more. A token without a
 * readable `exp` counts as expired.
 */
export function refreshDecision(
  tokens: { readonly access: string; readonly refresh: string },
  nowS: number,
  marginS: number = REFRESH_MARGIN_S,
): RefreshDecision {
  const accessExp = tokenExpiry(tokens.access);
  if (accessExp !== null && accessExp - nowS > marginS) return 'wait';
  const refreshExp = tokenExpiry(tokens.refresh);
  if (refreshExp !== null && refreshExp - nowS > marginS) return 'refresh';
  return 'logout';
}

/** True when the refresh token can still renew the access token (not yet expired). */
export function canRefresh(refresh: string, nowS: number): boolean {
  const exp = tokenExpiry(refresh);
  return exp !== null && exp > nowS;
}
