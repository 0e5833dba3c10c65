/** React bindings of the session (docs/product.md §4); the abilities' are in abilities-react.tsx. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { authSession } from './session';
import type { CurrentUser, SessionState, SessionStore } from './session-store';

/** The session a tree renders for: its store (its abilities follow it, `abilityOf`). */
export interface SessionSource {
  readonly store: SessionStore;
}

/**
 * The session `useSession` and `useSessionAbility` read: the app's (`authSession`) unless a
 * `SessionProvider` gives another, as the server-rendered first page does for the user it
 * renders for (src/ssr/first-page.tsx), so that no request sees another's session.
 */
export const SessionContext = /* @__PURE__ */ createContext<SessionSource>(authSession);

/** Props of `SessionProvider`. */
export interface SessionProviderProps {
  readonly session: SessionSource;
  readonly children: ReactNode;
}

/** Gives `session` to the tree below in place of the app's. */
export function SessionProvider({ session, children }: SessionProviderProps) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session state (backend, tokens, user), re-rendering on change. */
export function useSession(): SessionState {
  const { store } = useContext(SessionContext);
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useSession().user;
}
