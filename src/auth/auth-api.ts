/** The auth calls of docs/product.md §7, on the typed client of `src/api`. */
import { anonymousClient, apiClient, unwrap, writeBody, type ApiSchema } from '../api';
import type { CurrentUser, TokenPair } from './session-store';

/**
 * What an authenticator app needs to enrol (docs/security.md "Two-factor sign-in"): the
 * API's `TwoFactorSetup` but its challenge, which {@link SecondFactorChallenge} carries.
 * `qr` is the `otpauth://` URL as an SVG QR code, a data URL.
 */
export type TwoFactorEnrolment = Omit<ApiSchema<'TwoFactorSetup'>, 'challenge'>;

/**
 * A right password of a user with a second factor (docs/security.md "Two-factor sign-in"):
 * no tokens yet, a challenge to answer with a code; with `enrolment` when the user's role
 * requires a second factor they have not set up.
 */
export interface SecondFactorChallenge {
  readonly challenge: string;
  readonly enrolment: TwoFactorEnrolment | null;
}

/** The calls the session makes; a seam so tests can replace the network. */
export interface AuthApi {
  /**
   * `POST /auth/jwt/create/` — own login: tokens, or a challenge for the second factor.
   * @throws {ApiError} 401 on bad credentials.
   */
  createTokens(
    email: string,
    password: string,
  ): Promise<{ access: string; refresh: string } | SecondFactorChallenge>;
  /**
   * `POST /auth/jwt/refresh/` — a new access token and, with rotation (Joule's API rotates),
   * a new refresh token; the one sent is void afterwards.
   */
  refreshTokens(refresh: string): Promise<TokenPair>;
  /**
   * `POST /auth/jwt/blacklist/` — revokes a refresh token on the server (own sign-in's
   * logout). @throws {ApiError | NetworkError} when the server refuses or is unreachable.
   */
  revokeRefreshToken(refresh: string): Promise<void>;
  /** `GET /auth/me/` — the signed-in user with privileges. */
  fetchCurrentUser(): Promise<CurrentUser>;
}

export const httpAuthApi: AuthApi = {
  async createTokens(email, password) {
    const tokens = await unwrap(
      anonymousClient.POST('/auth/jwt/create/', {
        body: writeBody({ email, password }),
      }),
    );
    // The pair, or (a user with a second factor) the API's `TwoFactorChallenge`.
    if ('challenge' in tokens) {
      const { secret, otpauth_url, qr } = tokens;
      return {
        challenge: tokens.challenge,
        enrolment:
          tokens.second_factor === 'enrol' && secret && otpauth_url && qr
            ? { secret, otpauth_url, qr }
            : null,
      };
    }
    return { access: tokens.access, refresh: tokens.refresh };
  },
  async refreshTokens(refresh) {
    // simplejwt answers `refresh` only when rotation is on (another DRF back-end may not).
    const tokens: { access: string; refresh?: string } = await unwrap(
      anonymousClient.POST('/auth/jwt/refresh/', { body: writeBody({ refresh }) }),
    );
    return { access: tokens.access, refresh: tokens.refresh ?? null };
  },
  async revokeRefreshToken(refresh) {
    // Anonymous: a refused call must not start a token renewal (src/api's 401 handling).
    await unwrap(anonymousClient.POST('/auth/jwt/blacklist/', { body: writeBody({ refresh }) }));
  },
  async fetchCurrentUser() {
    const me = await unwrap(apiClient.GET('/auth/me/'));
    return { id: me.id, email: me.email, privileges: me.privileges ?? [] };
  },
};

/** A TOTP code or a recovery code answering a {@link SecondFactorChallenge}. */
export type SecondFactorAnswer = { readonly code: string } | { readonly recovery_code: string };

/**
 * `POST /auth/two_factor/` — the second factor of a sign-in: the token pair, and after an
 * enrolment the ten recovery codes (shown once; docs/security.md "Two-factor sign-in").
 * @throws {ApiError} 400 for a wrong code, 401 once the challenge is void, 429 when throttled.
 */
export async function submitSecondFactor(
  challenge: string,
  answer: SecondFactorAnswer,
): Promise<{ tokens: TokenPair; recoveryCodes: string[] | null }> {
  const body = await unwrap(
    anonymousClient.POST('/auth/two_factor/', { body: writeBody({ challenge, ...answer }) }),
  );
  return {
    tokens: { access: body.access, refresh: body.refresh },
    recoveryCodes: body.recovery_codes ?? null,
  };
}
