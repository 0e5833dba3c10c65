/**
 * Public surface of `src/auth` (docs/architecture.md "Conventions": public surfaces): re-exports
 * only, so that the build follows each name to its module (build/chunks.ts) and the login
 * page's entry bundles none of the abilities' code.
 */
export { SUPERUSER, abilityFor, abilityOf, canUse, lackingPrivileges, rulesFor } from './abilities';
export type { AppAbility, AppAction, AppSubject } from './abilities';
export { getOidcBackend, setOidcBackend } from './oidc';
export { loadRuntimeConfig } from './runtime-config';
export type { OidcSettings, RuntimeConfig } from './runtime-config';
export { completeSingleSignOn, isSsoAvailable, ssoBackend, startSingleSignOn } from './sso';
export type { OidcBackend } from './oidc';
export { AbilityContext, useAbility, useSessionAbility } from './abilities-react';
export { SessionContext, SessionProvider, useCurrentUser, useSession } from './react';
export type { SessionProviderProps, SessionSource } from './react';
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

export {
  appMayUse,
  beginOwnSession,
  ensureSession,
  getSession,
  login,
  logout,
  resumeSessionWith,
} from './app-session';
