/**
 * Permissions (docs/product.md §6): each privilege of the signed-in user allows action 'use' on a
 * subject of the same name; 'superuser' allows 'use' on everything.
 */
import { AbilityBuilder, PureAbility } from '@casl/ability';
import type { RawRuleOf } from '@casl/ability';
import type { CurrentUser, SessionStore } from './session-store';

/** The one action of docs/product.md §6. */
export type AppAction = 'use';
/** A privilege name (`CUSTOMERS`, `TARIFF`, …) or CASL's `all`. */
export type AppSubject = string;
/**
 * The abilities of a user: CASL's `PureAbility`, whose rules carry no conditions (a
 * privilege allows or not); `createMongoAbility`'s MongoDB conditions matcher is not used.
 */
export type AppAbility = PureAbility<[AppAction, AppSubject]>;

/** The privilege that allows everything. */
export const SUPERUSER = 'superuser';

/** The CASL rules a list of privileges grants. */
export function rulesFor(privileges: readonly string[]): RawRuleOf<AppAbility>[] {
  const { can, rules } = new AbilityBuilder<AppAbility>(PureAbility);
  for (const privilege of privileges) {
    if (privilege === SUPERUSER) can('use', 'all');
    else can('use', privilege);
  }
  return rules;
}

/** A fresh ability for a list of privileges (empty list: allows nothing). */
export function abilityFor(privileges: readonly string[]): AppAbility {
  return new PureAbility<[AppAction, AppSubject]>(rulesFor(privileges));
}

/** Each session store's abilities, made on first use ({@link abilityOf}). */
const abilities = /* @__PURE__ */ new WeakMap<SessionStore, AppAbility>();

/**
 * The abilities of `store`'s user, following it (docs/product.md §6): one instance per store,
 * updated in place on every change of user (sign-in, sign-out), so that CASL's React
 * bindings re-render. Made on first use, so that a page without a signed-in user (the login
 * page) never loads CASL.
 */
export function abilityOf(store: SessionStore): AppAbility {
  const known = abilities.get(store);
  if (known) return known;
  let user: CurrentUser | null = store.getState().user;
  const ability = abilityFor(user?.privileges ?? []);
  store.subscribe(() => {
    const next = store.getState().user;
    if (next === user) return;
    user = next;
    ability.update(rulesFor(user?.privileges ?? []));
  });
  abilities.set(store, ability);
  return ability;
}

/**
 * True when `ability` may use the area gated by `privilege`; an area without a known
 * privilege (null) is open to every signed-in user.
 */
export function canUse(ability: AppAbility, privilege: string | null): boolean {
  return privilege === null || ability.can('use', privilege);
}

/**
 * The privileges of `wanted` that `held` does not grant, without duplicates, in `wanted`'s
 * order; none when `held` includes `superuser`. The server's rule (server/auth/grants.ts):
 * nobody grants, or manages a role or user holding, a privilege they lack.
 */
export function lackingPrivileges(held: readonly string[], wanted: Iterable<string>): string[] {
  if (held.includes(SUPERUSER)) return [];
  return [...new Set(wanted)].filter((privilege) => !held.includes(privilege));
}
