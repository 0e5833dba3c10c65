/**
 * Saved views of the lists (**Joule**, docs/api.md "Saved views"), beside the column
 * preferences (`preferences.ts`): a user names a list's state and finds it again in the
 * list's toolbar and at its own URL (`/invoices?view=7`).
 *
 * - `GET /auth/me/views/?resource=<name>`: the caller's own views of that list and those
 *   shared with one of the caller's roles, by name.
 * - `POST /auth/me/views/` `{resource, name, query, columns?, roles?}` → 201 with the view.
 * - `GET /auth/me/views/{id}/`: one view the caller may see (404 otherwise).
 * - `PATCH` / `DELETE /auth/me/views/{id}/`: the owner's own only (404 for another's).
 *
 * `query` is the list's query string (search, filter, gte, lte, sort, page_size, the list's
 * own parameters; at most {@link MAX_QUERY_LENGTH} characters), `columns` its
 * `{order, hidden}` as the column preferences keep them. Only a superuser shares a view
 * with roles. Bounded: {@link MAX_VIEWS} views per user, names of at most 100 characters.
 */
import { and, arrayOverlaps, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { roles as rolesTable, savedViews, users } from '../db/schema';
import { ValidationError, addError, notFound, type FieldErrors } from '../http/errors';
import { registerPath } from '../http/routes';
import { queryParams } from '../http/urls';
import { text } from '../i18n/text';
import type { Authenticator } from './authenticate';
import type { ListPreferences } from './preferences';
import type { Principal } from './principal';
import { SUPERUSER } from './privileges';

/** Most views one user may own. */
export const MAX_VIEWS = 100;
/** Longest query string a view keeps. */
export const MAX_QUERY_LENGTH = 2000;
/** Longest name of a view. */
export const MAX_NAME_LENGTH = 100;
const MAX_ROLES = 50;
const MAX_COLUMNS = 200;
const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const INT32_MAX = 2_147_483_647;

const T = {
  required: text('This field is required.', 'Tato položka je povinná.'),
  name: text(
    `Enter a name of 1 to ${MAX_NAME_LENGTH} characters.`,
    `Zadejte název o 1 až ${MAX_NAME_LENGTH} znacích.`,
  ),
  resource: text('Enter the name of a list.', 'Zadejte název seznamu.'),
  query: text(
    `Enter the list's query string, at most ${MAX_QUERY_LENGTH} characters.`,
    `Zadejte dotaz seznamu, nejvýše ${MAX_QUERY_LENGTH} znaků.`,
  ),
  columns: text(
    'Columns must be {"order": [field…], "hidden": [field…]}.',
    'Sloupce musí mít tvar {"order": [pole…], "hidden": [pole…]}.',
  ),
  roles: text('Enter a list of role ids.', 'Zadejte seznam id rolí.'),
  unknownRole: (id: number) => text(`Role ${id} does not exist.`, `Role ${id} neexistuje.`),
  onlySuperuser: text(
    'Only a superuser can share a view with roles.',
    'Pohled s rolemi může sdílet jen superuživatel.',
  ),
  tooMany: text(
    `You can keep at most ${MAX_VIEWS} saved views; delete one first.`,
    `Uložit lze nejvýše ${MAX_VIEWS} pohledů; nejprve některý smažte.`,
  ),
  unknownField: text('Unknown field.', 'Neznámé pole.'),
};

/** A saved view as answered. */
export interface SavedView {
  readonly id: number;
  readonly resource: string;
  readonly name: string;
  readonly query: string;
  readonly columns: ListPreferences | null;
  readonly roles: number[];
  /** The caller owns it (may change and delete it). */
  readonly mine: boolean;
}

/** What a POST or PATCH sets. */
interface ViewChange {
  resource?: string;
  name?: string;
  query?: string;
  columns?: ListPreferences | null;
  roles?: number[];
}

function names(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > MAX_COLUMNS) return null;
  return value.every((item) => typeof item === 'string' && NAME.test(item))
    ? (value as string[])
    : null;
}

/** Parses a view body; `partial` for PATCH. Throws a 400 naming each wrong field. */
export function parseView(body: unknown, partial: boolean): ViewChange {
  const errors: FieldErrors = {};
  const given = (
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}
  ) as Record<string, unknown>;
  const change: ViewChange = {};
  const need = (field: string) => !partial && !(field in given);
  for (const field of ['resource', 'name', 'query'])
    if (need(field)) addError(errors, field, T.required);
  for (const field of Object.keys(given)) {
    if (!['resource', 'name', 'query', 'columns', 'roles'].includes(field))
      addError(errors, field, T.unknownField);
  }
  if ('resource' in given) {
    if (typeof given.resource === 'string' && NAME.test(given.resource))
      change.resource = given.resource;
    else addError(errors, 'resource', T.resource);
  }
  if ('name' in given) {
    const name = typeof given.name === 'string' ? given.name.trim() : '';
    if (name.length >= 1 && name.length <= MAX_NAME_LENGTH) change.name = name;
    else addError(errors, 'name', T.name);
  }
  if ('query' in given) {
    const query = given.query;
    if (typeof query === 'string' && query.length <= MAX_QUERY_LENGTH)
      change.query = query.replace(/^\?/, '');
    else addError(errors, 'query', T.query);
  }
  if ('columns' in given) {
    const columns = given.columns;
    if (columns === null) change.columns = null;
    else {
      const value = (typeof columns === 'object' ? columns : {}) as Record<string, unknown>;
      const order = names(value.order);
      const hidden = names(value.hidden);
      if (order && hidden && Object.keys(value).length === 2) change.columns = { order, hidden };
      else addError(errors, 'columns', T.columns);
    }
  }
  if ('roles' in given) {
    const ids = given.roles;
    const valid =
      Array.isArray(ids) &&
      ids.length <= MAX_ROLES &&
      ids.every((id) => Number.isInteger(id) && id >= 1 && id <= INT32_MAX);
    if (valid) change.roles = [...new Set(ids as number[])].sort((a, b) => a - b);
    else addError(errors, 'roles', T.roles);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return change;
}

type ViewRow = typeof savedViews.$inferSelect;

function answer(row: ViewRow, principal: Principal): SavedView {
  const state = row.state as { query?: string; columns?: ListPreferences | null };
  return {
    id: row.id,
    resource: row.resource,
    name: row.name,
    query: state.query ?? '',
    columns: state.columns ?? null,
    roles: row.roles,
    mine: row.owner === principal.id,
  };
}

/** The ids of the caller's roles. */
async function roleIdsOf(db: Database, principal: Principal): Promise<number[]> {
  const [row] = await db
    .select({ roles: users.roles })
    .from(users)
    .where(eq(users.id, principal.id));
  return row?.roles ?? [];
}

/** Views the caller may see: their own, and those shared with one of their roles. */
async function visible(db: Database, principal: Principal) {
  const roleIds = await roleIdsOf(db, principal);
  return roleIds.length > 0
    ? or(eq(savedViews.owner, principal.id), arrayOverlaps(savedViews.roles, roleIds))
    : eq(savedViews.owner, principal.id);
}

function parseId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

/** Refuses roles from anyone but a superuser, and roles that do not exist. */
async function checkRoles(db: Database, principal: Principal, ids: readonly number[] | undefined) {
  if (ids === undefined || ids.length === 0) return;
  if (!principal.privileges.includes(SUPERUSER))
    throw new ValidationError({ roles: [T.onlySuperuser] });
  const found = await db
    .select({ id: rolesTable.id })
    .from(rolesTable)
    .where(inArray(rolesTable.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw new ValidationError({ roles: missing.map(T.unknownRole) });
}

/** Registers `<prefix>/auth/me/views/` and `<prefix>/auth/me/views/{id}/`. */
export function registerViewRoutes(
  app: FastifyInstance,
  { db, auth, prefix }: { db: Database; auth: Authenticator; prefix: string },
): void {
  registerPath(app, `${prefix}/auth/me/views/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      const resource = queryParams(request).get('resource');
      const where = await visible(db, principal);
      const rows = await db
        .select()
        .from(savedViews)
        .where(resource ? and(where, eq(savedViews.resource, resource)) : where)
        .orderBy(asc(savedViews.name), asc(savedViews.id))
        .limit(MAX_VIEWS * 2);
      return rows.map((row) => answer(row, principal));
    },
    async POST(request, reply) {
      const principal = await auth.authenticate(request);
      const change = parseView(request.body, false);
      await checkRoles(db, principal, change.roles);
      const row = await db.transaction(async (tx) => {
        // Locks the owner's row so that two saves cannot both pass the bound.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, principal.id))
          .for('update');
        const [owned] = await tx
          .select({ n: count() })
          .from(savedViews)
          .where(eq(savedViews.owner, principal.id));
        if (Number(owned?.n ?? 0) >= MAX_VIEWS)
          throw new ValidationError({ non_field_errors: [T.tooMany] });
        const [inserted] = await tx
          .insert(savedViews)
          .values({
            owner: principal.id,
            resource: change.resource!,
            name: change.name!,
            state: { query: change.query!, columns: change.columns ?? null },
            roles: change.roles ?? [],
          })
          .returning();
        return inserted!;
      });
      return reply.code(201).send(answer(row, principal));
    },
  });
  registerPath(app, `${prefix}/auth/me/views/:id/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      const id = parseId(request);
      const [row] = await db
        .select()
        .from(savedViews)
        .where(and(eq(savedViews.id, id), await visible(db, principal)));
      if (!row) throw notFound();
      return answer(row, principal);
    },
    async PATCH(request) {
      const principal = await auth.authenticate(request);
      const id = parseId(request);
      const change = parseView(request.body, true);
      await checkRoles(db, principal, change.roles);
      const [row] = await db
        .select()
        .from(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.owner, principal.id)));
      if (!row) throw notFound();
      const state = row.state as { query?: string; columns?: ListPreferences | null };
      const [updated] = await db
        .update(savedViews)
        .set({
          ...(change.resource !== undefined && { resource: change.resource }),
          ...(change.name !== undefined && { name: change.name }),
          ...(change.roles !== undefined && { roles: change.roles }),
          state: {
            query: change.query ?? state.query ?? '',
            columns: change.columns === undefined ? (state.columns ?? null) : change.columns,
          },
        })
        .where(eq(savedViews.id, id))
        .returning();
      return answer(updated!, principal);
    },
    async DELETE(request, reply) {
      const principal = await auth.authenticate(request);
      const id = parseId(request);
      const deleted = await db
        .delete(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.owner, principal.id)))
        .returning({ id: savedViews.id });
      if (deleted.length === 0) throw notFound();
      return reply.code(204).send();
    },
  });
}
