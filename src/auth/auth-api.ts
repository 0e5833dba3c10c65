/** The auth calls of docs/product.md §7, on the typed client of `src/api`. */
import { anonymousClient, apiClient, unwrap, writeBody } from '../api';
import type { CurrentUser, TokenPair } from './session-store';

/** The calls the session makes; a seam so tests can replace the network. */
export interface AuthApi {
  /** `POST /auth/jwt/create/` — own login. @throws {ApiError} 401 on bad credentials. */
  createTokens(email: string, password: string): Promise<{ access: string; refresh: string }>;
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
