/**
 * Which user a provider access token names (docs/api.md "Base, format, auth": "matched to an
 * active user by its `email` claim"), with the provider account bound on first use.
 *
 * The e-mail only introduces a provider account to a user once: the first valid token
 * whose e-mail is a user's stores its `iss` and `sub` in `users.oidc_issuer` /
 * `users.oidc_subject`. From then on:
 * - a token of that account names that user, whatever e-mail it carries now (addresses
 *   change at providers; `sub` does not);
 * - a token of another account with the user's e-mail is refused: at a provider that
 *   reassigns or lets people edit addresses, the e-mail alone would hand the user's Joule
 *   account to whoever holds the address next.
 *
 * Binding is one conditional UPDATE (`… where oidc_subject is null`), so of two first
 * sign-ins racing for a user exactly one wins; the unique index on the pair keeps one
 * provider account from being bound to two users. A user whose provider account must
 * change (a new provider, an account recreated there) needs both columns cleared.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../db/errors';
import { users } from '../db/schema';
import type { OidcTokenSubject } from './oidc-verifier';
import { loadPrincipal, type Principal } from './principal';

/** What {@link resolveOidcAccount} found. */
export type OidcAccountMatch =
  /** The user the token names; `bound` when this call bound the provider account to it. */
  | { readonly kind: 'user'; readonly principal: Principal; readonly bound: boolean }
  /** No user has the token's e-mail, and the provider account is bound to none. */
  | { readonly kind: 'unknown' }
  /** The e-mail's user is bound to another provider account: refuse, and log. */
  | {
      readonly kind: 'conflict';
      readonly userId: number;
      readonly boundIssuer: string | null;
      readonly boundSubject: string | null;
    };

async function boundUser(db: Database, account: OidcTokenSubject): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.oidcIssuer, account.oidcIssuer), eq(users.oidcSubject, account.oidcSubject)),
    );
  return row?.id;
}

async function userByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      isActive: users.isActive,
      oidcIssuer: users.oidcIssuer,
      oidcSubject: users.oidcSubject,
    })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

async function found(db: Database, id: number, bound: boolean): Promise<OidcAccountMatch> {
  const principal = await loadPrincipal(db, { id });
  return principal ? { kind: 'user', principal, bound } : { kind: 'unknown' };
}

/**
 * The user a verified provider access token names, binding its provider account on first
 * use (see the module comment). An inactive user is answered but not bound (the caller
 * refuses it). Errors of the database are thrown as they are.
 * @param account the verifier's subject: issuer, `sub` and the e-mail's comparison key.
 */
export async function resolveOidcAccount(
  db: Database,
  account: OidcTokenSubject,
): Promise<OidcAccountMatch> {
  const boundId = await boundUser(db, account);
  if (boundId !== undefined) return found(db, boundId, false);

  const user = await userByEmail(db, account.email);
  if (!user) return { kind: 'unknown' };
  type Row = NonNullable<typeof user>;
  const isThisAccount = (row: Row) =>
    row.oidcIssuer === account.oidcIssuer && row.oidcSubject === account.oidcSubject;
  const conflict = (row: Row) =>
    ({
      kind: 'conflict',
      userId: row.id,
      boundIssuer: row.oidcIssuer,
      boundSubject: row.oidcSubject,
    }) as const;

  if (user.oidcSubject !== null) {
    return isThisAccount(user) ? found(db, user.id, false) : conflict(user);
  }
  if (!user.isActive) return found(db, user.id, false);

  let updated;
  try {
    updated = await db
      .update(users)
      .set({ oidcIssuer: account.oidcIssuer, oidcSubject: account.oidcSubject })
      .where(and(eq(users.id, user.id), isNull(users.oidcSubject)))
      .returning({ id: users.id });
  } catch (error) {
    // The provider account was bound to another user meanwhile (its e-mail changed at the
    // provider between two racing calls): that binding stands.
    if (pgErrorOf(error)?.code !== PG_UNIQUE_VIOLATION) throw error;
    const winner = await boundUser(db, account);
    return winner === undefined ? { kind: 'unknown' } : found(db, winner, false);
  }
  if (updated.length === 1) return found(db, user.id, true);

  // Another call bound the user first: fine if it was this same provider account.
  const now = await userByEmail(db, account.email);
  if (!now) return { kind: 'unknown' };
  return isThisAccount(now) ? found(db, now.id, false) : conflict(now);
}
