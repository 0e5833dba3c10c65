/** The auth calls of SPEC §7, on the typed client of `src/api`. */
import { anonymousClient, apiClient, schemaPath, unwrap, writeBody } from '../api';
import type { CurrentUser, TokenPair } from './session-store';

/** The calls the session makes; a seam so tests can replace the network. */
export interface AuthApi {
  /** `POST /auth/jwt/create/` — own login. @throws {ApiError} 401 on bad credentials. */
  createTokens(email: string, password: string): Promise<{ access: string; refresh: string }>;
  /** `POST /auth/jwt/refresh/` — a new access token (and, with rotation, refresh token). */
  refreshTokens(refresh: string): Promise<TokenPair>;
  /** `GET /auth/me/` — the signed-in user with privileges. */
  fetchCurrentUser(): Promise<CurrentUser>;
}

export const httpAuthApi: AuthApi = {
  async createTokens(email, password) {
    const tokens = await unwrap(
      anonymousClient.POST(schemaPath('/auth/jwt/create/'), {
        body: writeBody({ email, password }),
      }),
    );
    return { access: tokens.access, refresh: tokens.refresh };
  },
  async refreshTokens(refresh) {
    // simplejwt answers `refresh` too when rotation is on; the type may not say so.
    const tokens: { access: string; refresh?: string } = await unwrap(
      anonymousClient.POST(schemaPath('/auth/jwt/refresh/'), { body: writeBody({ refresh }) }),
    );
    return { access: tokens.access, refresh: tokens.refresh ?? null };
  },
  async fetchCurrentUser() {
    const me = await unwrap(apiClient.GET(schemaPath('/auth/me/')));
    return { id: me.id, email: me.email, privileges: me.privileges ?? [] };
  },
};
