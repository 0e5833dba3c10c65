/** React bindings of the session and the abilities (SPEC §6; `@casl/react`). */
import { createContext, useSyncExternalStore, type ReactNode } from 'react';
import { createContextualCan, useAbility as useCaslAbility } from '@casl/react';
import type { AppAbility } from './abilities';
import { authSession } from './session';
import type { CurrentUser, SessionState } from './session-store';

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
export function AbilityProvider({ children, ability = authSession.ability }: AbilityProviderProps) {
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}

/** The current abilities; re-renders when they change (sign-in, sign-out). */
export function useAbility(): AppAbility {
  return useCaslAbility(AbilityContext);
}

/** `<Can I="use" a="CUSTOMERS">…</Can>` bound to the current abilities. */
export const Can = createContextualCan(AbilityContext.Consumer);

/** The session state (backend, tokens, user), re-rendering on change. */
export function useSession(): SessionState {
  const { store } = authSession;
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useSession().user;
}
