/**
 * React bindings of the abilities (docs/product.md §6). Only the signed-in app uses them, and
 * the module does nothing when loaded, so that the login page, whose entry re-exports them
 * through src/auth/index.ts, bundles none of CASL.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { abilityOf, type AppAbility } from './abilities';
import { SessionContext } from './react';

/**
 * The abilities a tree renders with, when not its session's (the signed-in shell keeps the last
 * user's while the session is away).
 * @default null: the session's (`useSessionAbility`)
 */
export const AbilityContext = /* @__PURE__ */ createContext<AppAbility | null>(null);

/** The abilities of the session the tree renders for (`SessionProvider`), following its user. */
export function useSessionAbility(): AppAbility {
  return abilityOf(useContext(SessionContext).store);
}

/**
 * The current abilities (`AbilityContext`'s, else the session's); re-renders when they change
 * (sign-in, sign-out: CASL's `updated` event, after which `rules` is a new array).
 */
export function useAbility(): AppAbility {
  const session = useSessionAbility();
  const ability = useContext(AbilityContext) ?? session;
  const rules = () => ability.rules;
  useSyncExternalStore((changed) => ability.on('updated', changed), rules, rules);
  return ability;
}
