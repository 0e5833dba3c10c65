/**
 * A new row's defaults (docs/api.md "Defaults"): each field's published `default`, and the
 * next number of a series (`StringField.series`), served by `GET /<name>/defaults/` so that a
 * form shows what a save without them would store, and filled in by a create without them.
 */
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import { registerPath } from '../../http/routes';
import { JWT_SECURITY, type JsonObject } from '../../openapi/types';
import type { CompiledField, CompiledResource } from './registry';
import type { JsonValue } from './types';

/** The series of a string field, or undefined. */
export function seriesOf(field: CompiledField): { readonly first: string } | undefined {
  const { def } = field;
  return def.type === 'string' ? def.series : undefined;
}

/** `value` with its trailing digits plus one, as wide as they were (`Z100050` → `Z100051`). */
export function nextInSeries(value: string): string | undefined {
  const match = /^(.*?)(\d+)$/.exec(value);
  if (!match) return undefined;
  const [, prefix, digits] = match;
  const next = (BigInt(digits!) + 1n).toString().padStart(digits!.length, '0');
  return `${prefix}${next}`;
}

/**
 * The next number of `field`'s series: after the highest stored value with the newest row's
 * prefix and width, compared as numbers; the series' `first` when no row has one. A number
 * taken meanwhile by a concurrent create is refused by the field's uniqueness (400).
 */
export async function nextSeriesValue(
  db: Database,
  resource: CompiledResource,
  field: CompiledField,
): Promise<string | undefined> {
  const series = seriesOf(field);
  if (!series) return undefined;
  const table = resource.def.table;
  const [newest] = await db
    .select({ value: field.column })
    .from(table)
    .where(sql`${field.column} ~ '^.*?[0-9]+$'`)
    .orderBy(desc(resource.id.column))
    .limit(1);
  const latest = typeof newest?.value === 'string' ? newest.value : undefined;
  const match = latest === undefined ? null : /^(.*?)(\d+)$/.exec(latest);
  if (!match) return series.first;
  const [, prefix, digits] = match;
  const pattern = `^${prefix!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9]{${digits!.length}}$`;
  const [highest] = await db
    .select({ value: sql<string>`max(${field.column})` })
    .from(table)
    .where(sql`${field.column} ~ ${pattern}`);
  return nextInSeries(highest?.value ?? latest!);
}

/** Every writable field's default for a new row: the published one, or its series' next. */
export async function createDefaults(
  db: Database,
  resource: CompiledResource,
): Promise<Record<string, JsonValue>> {
  const defaults: Record<string, JsonValue> = {};
  for (const field of resource.fields) {
    if (!field.writable) continue;
    const next = await nextSeriesValue(db, resource, field);
    if (next !== undefined) defaults[field.name] = next;
    else if (field.def.default !== undefined) defaults[field.name] = field.def.default;
  }
  return defaults;
}

/**
 * `body` with the next number of each series field it leaves out (a create's body); other
 * bodies unchanged.
 */
export async function withSeriesNumbers(
  db: Database,
  resource: CompiledResource,
  body: unknown,
): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let filled: Record<string, unknown> | undefined;
  for (const field of resource.fields) {
    if (!field.writable || !seriesOf(field) || Object.hasOwn(body, field.name)) continue;
    filled ??= { ...(body as Record<string, unknown>) };
    filled[field.name] = await nextSeriesValue(db, resource, field);
  }
  return filled ?? body;
}

/** True when `resource` has a field with a series (it then serves its defaults). */
export function hasSeries(resource: CompiledResource): boolean {
  return resource.fields.some((field) => field.writable && seriesOf(field) !== undefined);
}

/** Registers `GET <prefix>/<name>/defaults/` for a resource with a series. */
export function registerDefaultsRoute(
  app: FastifyInstance,
  resource: CompiledResource,
  context: { readonly db: Database; readonly auth: Authenticator; readonly prefix: string },
): void {
  if (!hasSeries(resource)) return;
  const { db, auth, prefix } = context;
  registerPath(app, `${prefix}/${resource.name}/defaults/`, {
    async GET(request) {
      await auth.authorize(request, resource.def.privilege);
      return createDefaults(db, resource);
    },
  });
}

/** The OpenAPI path of `resource`'s defaults (operation `<name>_defaults`), when it has any. */
export function defaultsPaths(
  resource: CompiledResource,
  prefix: string,
): Record<string, JsonObject> {
  if (!hasSeries(resource)) return {};
  const { name, privilege } = resource.def;
  return {
    [`${prefix}/${name}/defaults/`]: {
      get: {
        operationId: `${name}_defaults`,
        description:
          'The values a new row starts with: each field’s default and the next number of ' +
          'each series (x-series), as a create leaving them out would store them.',
        tags: [name],
        security: JWT_SECURITY,
        responses: {
          '200': {
            content: {
              'application/json': { schema: { type: 'object', additionalProperties: {} } },
            },
            description: '',
          },
        },
        'x-privilege': privilege,
      },
    },
  };
}
