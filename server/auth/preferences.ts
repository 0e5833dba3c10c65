/**
 * Each user's own preferences of the SPA (docs/architecture.md): `GET /auth/me/preferences/` → the
 * stored JSON (`{}` before the first save), `PUT /auth/me/preferences/` with the whole
 * JSON → the same, stored. Only the signed-in user's own; no privilege needed. The SPA
 * keeps its list columns here (src/resources/list/column-settings.ts), so that the choice
 * follows the user to another browser and the server renders the user's own columns on a
 * first page; against a back-end without this endpoint it keeps them in local storage.
 *
 * The body is validated, not stored as given: `{"lists": {"<resource>": {"order": [...],
 * "hidden": [...]}}}`, names of resources and fields only, at most
 * {@link MAX_PREFERENCES_BYTES} of JSON.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { userPreferences } from '../db/schema';
import { ValidationError } from '../http/errors';
import { registerPath } from '../http/routes';
import { text } from '../i18n/text';
import type { Authenticator } from './authenticate';

/** The longest preferences JSON a user may store. */
export const MAX_PREFERENCES_BYTES = 32 * 1024;

/** The list columns of one resource, as the SPA's column chooser keeps them. */
export interface ListPreferences {
  readonly order: readonly string[];
  readonly hidden: readonly string[];
}

/** A user's preferences. */
export interface UserPreferences {
  readonly lists?: Readonly<Record<string, ListPreferences>>;
}

const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const MAX_NAMES = 200;

const invalid = text(
  'Preferences must be {"lists": {resource: {"order": [field…], "hidden": [field…]}}}.',
  'Předvolby musí mít tvar {"lists": {zdroj: {"order": [pole…], "hidden": [pole…]}}}.',
);
const tooLong = text(
  `Preferences may be at most ${MAX_PREFERENCES_BYTES} bytes long.`,
  `Předvolby mohou mít nejvýše ${MAX_PREFERENCES_BYTES} bajtů.`,
);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function names(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > MAX_NAMES) return null;
  return value.every((name) => typeof name === 'string' && NAME.test(name))
    ? (value as string[])
    : null;
}

/** `body` as preferences; throws a 400 `ValidationError` for anything else. */
export function parsePreferences(body: unknown): UserPreferences {
  const fail = (message = invalid) => new ValidationError({ non_field_errors: [message] });
  if (JSON.stringify(body ?? null).length > MAX_PREFERENCES_BYTES) throw fail(tooLong);
  if (!isPlainObject(body)) throw fail();
  const { lists, ...rest } = body;
  if (Object.keys(rest).length > 0) throw fail();
  if (lists === undefined) return {};
  if (!isPlainObject(lists) || Object.keys(lists).length > MAX_NAMES) throw fail();
  const parsed: Record<string, ListPreferences> = {};
  for (const [resource, value] of Object.entries(lists)) {
    if (!NAME.test(resource) || !isPlainObject(value)) throw fail();
    const { order, hidden, ...extra } = value;
    const orderNames = names(order);
    const hiddenNames = names(hidden);
    if (Object.keys(extra).length > 0 || !orderNames || !hiddenNames) throw fail();
    parsed[resource] = { order: orderNames, hidden: hiddenNames };
  }
  return { lists: parsed };
}

/** Registers `GET/PUT <prefix>/auth/me/preferences/`. */
export function registerPreferenceRoutes(
  app: FastifyInstance,
  { db, auth, prefix }: { db: Database; auth: Authenticator; prefix: string },
): void {
  registerPath(app, `${prefix}/auth/me/preferences/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      const [row] = await db
        .select({ preferences: userPreferences.preferences })
        .from(userPreferences)
        .where(eq(userPreferences.userId, principal.id));
      return (row?.preferences ?? {}) as UserPreferences;
    },
    async PUT(request) {
      const principal = await auth.authenticate(request);
      const preferences = parsePreferences(request.body);
      await db
        .insert(userPreferences)
        .values({ userId: principal.id, preferences })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { preferences, updatedAt: sql`now()` },
        });
      return preferences;
    },
  });
}
