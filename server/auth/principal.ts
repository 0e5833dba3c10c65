/**
 * The signed-in user as the server sees it: id, e-mail, active flag and the union of its
 * roles' privileges (docs/api.md "Privileges", docs/product.md §6).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles, users } from '../db/schema';
import { emailKey } from './email-key';
import { grants, sortPrivileges } from './privileges';
import { sessionLiveSql } from './sessions';

/** A user with its effective privileges. */
export interface Principal {
  readonly id: number;
  readonly email: string;
  readonly isActive: boolean;
  /** Distinct privileges of all the user's roles, in catalogue order. */
  readonly privileges: readonly string[];
  /**
   * The user's token generation (`users.token_generation`): own tokens issued under another
   * one are refused (`revocation.ts`).
   */
  readonly tokenGeneration: number;
  /**
   * For a principal of an own access token: its session (`sessions.ts`) and whether that is
   * still live; absent otherwise.
   */
  readonly session?: { readonly id: string; readonly live: boolean };
}

/** SQL for the union of the privileges of the current `users` row's roles (a text[]). */
export function userPrivilegesSql(): SQL<string[]> {
  return sql<string[]>`coalesce((
    select array_agg(distinct granted)
    from ${roles} cross join lateral unnest(${roles.privileges}) as granted
    where ${roles.id} = any(${users.roles})
  ), '{}'::text[])`;
}

/**
 * Loads the user with this id or e-mail, or undefined when there is none. The e-mail is
 * compared by {@link emailKey} (ASCII case ignored, nothing else folded). With `sessionId`,
 * also whether that session of the user is live, in the same query (`sessions.ts`).
 */
export async function loadPrincipal(
  db: Database,
  key: { readonly id: number; readonly sessionId?: string } | { readonly email: string },
): Promise<Principal | undefined> {
  const sessionId = 'sessionId' in key ? key.sessionId : undefined;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isActive: users.isActive,
      privileges: userPrivilegesSql(),
      tokenGeneration: users.tokenGeneration,
      sessionLive: sessionId === undefined ? sql<boolean>`false` : sessionLiveSql(sessionId),
    })
    .from(users)
    .where('id' in key ? eq(users.id, key.id) : eq(users.email, emailKey(key.email)));
  if (!row) return undefined;
  const { sessionLive, ...principal } = row;
  return {
    ...principal,
    privileges: sortPrivileges(row.privileges),
    ...(sessionId === undefined ? {} : { session: { id: sessionId, live: sessionLive } }),
  };
}

/** True when the principal may use the area gated by `privilege`. */
export function may(principal: Principal, privilege: string): boolean {
  return grants(principal.privileges, privilege);
}
