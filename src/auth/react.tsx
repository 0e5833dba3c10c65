/** React bindings of the session and the abilities (docs/product.md §6; `@casl/react`). */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createContextualCan, useAbility as useCaslAbility } from '@casl/react';
import type { AppAbility } from './abilities';
import { authSession } from './session';
import type { CurrentUser, SessionState, SessionStore } from './session-store';

/** The session a tree renders for: its store and abilities. */
export interface SessionSource {
  readonly store: SessionStore;
  readonly ability: AppAbility;
}

/**
 * The session `useSession` and `AbilityProvider` read: the app's (`authSession`) unless a
 * `SessionProvider` gives another, as the server-rendered first page does for the user it
 * renders for (src/ssr/first-page.tsx), so that no request sees another's session.
 */
export const SessionContext = createContext<SessionSource>(authSession);

/** Props of `SessionProvider`. */
export interface SessionProviderProps {
  readonly session: SessionSource;
  readonly children: ReactNode;
}

/** Gives `session` to the tree below in place of the app's. */
export function SessionProvider({ session, children }: SessionProviderProps) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The signed-in user's abilities; the default is the app session's. */
export const AbilityContext = createContext<AppAbility>(authSession.ability);

/** Props of `AbilityProvider`. */
export interface AbilityProviderProps {
  children: ReactNode;
  /**
   * The ability to provide (tests); the app session's when left out.
   * @default authSession.ability
   */
  ability?: AppAbility;
}

/** Provides the abilities to `useAbility` and `<Can>`. */
export function AbilityProvider({ children, ability }: AbilityProviderProps) {
  const session = useContext(SessionContext);
  return (
    <AbilityContext.Provider value={ability ?? session.ability}>{children}</AbilityContext.Provider>
  );
}

/** The current abilities; re-renders when they change (sign-in, sign-out). */
export function useAbility(): AppAbility {
  return useCaslAbility(AbilityContext);
}

/** `<Can I="use" a="CUSTOMERS">…</Can>` bound to the current abilities. */
export const Can = createContextualCan(AbilityContext.Consumer);

/** The session state (backend, tokens, user), re-rendering on change. */
export function useSession(): SessionState {
  const { store } = useContext(SessionContext);
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useSession().user;
}
