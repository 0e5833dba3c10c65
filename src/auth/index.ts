/** Public surface of `src/auth` (docs/architecture.md "Conventions": public surfaces). */
import { setOidcBackend } from './oidc';
import { authSession } from './session';
import type { TokenPair } from './session-store';
import { ssoBackend } from './sso';

export { SUPERUSER, abilityFor, canUse, lackingPrivileges, rulesFor } from './abilities';
export type { AppAbility, AppAction, AppSubject } from './abilities';
export { getOidcBackend, setOidcBackend } from './oidc';
export { loadRuntimeConfig } from './runtime-config';
export type { OidcSettings, RuntimeConfig } from './runtime-config';
export { completeSingleSignOn, isSsoAvailable, ssoBackend, startSingleSignOn } from './sso';
export type { OidcBackend } from './oidc';
export {
  AbilityContext,
  AbilityProvider,
  Can,
  SessionContext,
  SessionProvider,
  useAbility,
  useCurrentUser,
  useSession,
} from './react';
export type { AbilityProviderProps, SessionProviderProps, SessionSource } from './react';
export { LoginError, SecondFactorRequired, authSession, createAuthSession } from './session';
export type { AuthSession, AuthSessionOptions, LoginFailure } from './session';
export { SESSION_STORAGE_KEY, createSessionStore, emptySession, withTokens } from './session-store';
export type {
  AuthBackend,
  CurrentUser,
  SessionState,
  SessionStore,
  TokenPair,
} from './session-store';
export {
  REFRESH_CHECK_INTERVAL_MS,
  REFRESH_MARGIN_S,
  refreshDecision,
  tokenExpiry,
} from './tokens';
export type { RefreshDecision } from './tokens';
export type {
  AuthApi,
  SecondFactorAnswer,
  SecondFactorChallenge,
  TwoFactorEnrolment,
} from './auth-api';
export { submitSecondFactor } from './auth-api';

/** Starts the app session from tokens of a completed second factor (see `AuthSession.beginSession`). */
export const beginOwnSession = (tokens: TokenPair) => authSession.beginSession('joule', tokens);

/** Own login of the app session (see `AuthSession.login`). */
export const login = authSession.login;
/** Logout of the app session (docs/product.md §4). */
export const logout = authSession.logout;
/** Restores the app session once per start (docs/product.md §2, §4); never rejects. */
export const ensureSession = authSession.ensureSession;
/** Resumes the app session over a server-rendered page (see `AuthSession.resumeWith`). */
export const resumeSessionWith = authSession.resumeWith;
/** The app session's current state, outside React. */
export const getSession = authSession.store.getState;
/** The app session's abilities, outside React (route guards). */
export const ability = authSession.ability;

// Sessions with backend `oidc` renew through the provider (docs/product.md §4 "App start").
setOidcBackend(ssoBackend);
