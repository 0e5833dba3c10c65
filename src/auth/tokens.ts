/**
 * Token arithmetic for the refresh timer (docs/product.md §4 "Token refresh", §9): pure functions,
 * times in seconds since the epoch (JWT `exp`).
 */
import { decodeJwt } from 'jose';

/** How often the timer looks at the tokens (docs/product.md §9: 3 s). */
export const REFRESH_CHECK_INTERVAL_MS = 3_000;
/** Renew when the access token has less than this left (docs/product.md §9: 120 s). */
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

/**
 * The margin to apply to one access token: {@link REFRESH_MARGIN_S}, but at most half the
 * token's lifetime (`exp - iat`) when it has an `iat`. With the usual 300 s lifetime that is
 * the 120 s of docs/product.md §9; a token living only 10 s (a short `JWT_ACCESS_LIFETIME`,
 * a provider's short-lived tokens) is renewed after about 5 s instead of on every 3 s tick
 * from its first moment on.
 */
export function effectiveMargin(
  token: string | null | undefined,
  marginS: number = REFRESH_MARGIN_S,
): number {
  if (!token) return marginS;
  try {
    const { exp, iat } = decodeJwt(token);
    if (typeof exp === 'number' && typeof iat === 'number' && exp > iat)
      return Math.min(marginS, (exp - iat) / 2);
  } catch {
    // Not a JWT: the full margin.
  }
  return marginS;
}

/** What the refresh timer should do now. */
export type RefreshDecision = 'wait' | 'refresh' | 'logout';

/**
 * The timer's decision (docs/product.md §4): nothing while the access token has more than `margin`
 * seconds left ({@link effectiveMargin}); renew when it has less and the refresh token is
 * still valid beyond the margin; sign out when the refresh token cannot be used any more.
 * An access token without a readable `exp` counts as expired. A refresh token that is not
 * a JWT (providers often issue opaque ones) cannot be judged here: it is tried, and the
 * provider's refusal signs out.
 */
export function refreshDecision(
  tokens: { readonly access: string; readonly refresh: string },
  nowS: number,
  marginS: number = REFRESH_MARGIN_S,
): RefreshDecision {
  const accessExp = tokenExpiry(tokens.access);
  const margin = effectiveMargin(tokens.access, marginS);
  if (accessExp !== null && accessExp - nowS > margin) return 'wait';
  if (!tokens.refresh) return 'logout';
  const refreshExp = tokenExpiry(tokens.refresh);
  if (refreshExp === null && !looksLikeJwt(tokens.refresh)) return 'refresh';
  if (refreshExp !== null && refreshExp - nowS > margin) return 'refresh';
  return 'logout';
}

function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3;
}

/** True when the refresh token can still renew the access token (not yet expired). */
export function canRefresh(refresh: string, nowS: number): boolean {
  const exp = tokenExpiry(refresh);
  return exp !== null && exp > nowS;
}
