/**
 * Bulk actions (**Joule**, docs/api.md "Bulk actions"): `POST /<name>/bulk/<action>/` runs
 * one action on many rows of a resource: the generic `delete` every resource has, and the
 * actions its declaration lists in `bulkActions` (users' `deactivate`, invoices' `issue`).
 *
 * - Body `{"ids": [1, 2, …]}` or `{"filter": {"search": …, "filter": …, "gte": …, "lte":
 *   …, <the list's own parameters>}}`: the list's query (docs/api.md "Lists"), paging
 *   ignored, so "all N matching" is chosen by the server, not by ids fetched page by page.
 *   At most {@link MAX_BULK_ROWS} rows, by count of ids or of matching rows: more is a 400.
 * - The caller needs the resource's privilege and the action's own, if it declares one.
 * - Each row runs in its own transaction through the very code of the single action
 *   (`writes.ts` for delete and patch actions, the declaration's `run` otherwise), so each
 *   passes the same rules (`authorizeWrite`, validation, references) and is audited alone;
 *   a refused row changes nothing and does not stop the others.
 * - The answer is 200 `{"action", "count", "succeeded": [ids], "failed": [{"id", "title",
 *   "reason"}]}`, the title taken before the action (a deleted row still has its name) and
 *   the reason the single action's answer, in the request's language.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import { may, type Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import {
  ApiError,
  ValidationError,
  addError,
  permissionDenied,
  type FieldErrors,
} from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { isText, localize, text, type LocalizableJson, type Text } from '../../i18n/text';
import {
  JWT_SECURITY,
  jsonBody,
  jsonResponse,
  type JsonObject,
  type SchemaObject,
} from '../../openapi/types';
import { INT32_MAX } from './codecs';
import { orderBy } from './keyset';
import { parseListQuery } from './list-query';
import type { CompiledResource, ResourceRegistry } from './registry';
import { titleExpression } from './titles';
import type { BulkActionDefinition, JsonValue } from './types';
import { deleteRow, rethrowConstraint, rethrowDeleteError, updateRow } from './writes';

/** Most rows one bulk request may act on. */
export const MAX_BULK_ROWS = 10_000;

/** The list parameters a bulk filter ignores: it acts on every matching row. */
const PAGING_PARAMS = new Set(['page', 'page_size', 'page_after_id', 'direction']);

const T = {
  delete: text('Delete', 'Smazat'),
  bodyShape: text(
    'Send either "ids" (a list of ids) or "filter" (the list\u2019s query), not both.',
    'Pošlete buď „ids“ (seznam id), nebo „filter“ (dotaz seznamu), ne obojí.',
  ),
  notAList: text('Expected a list of ids.', 'Očekáván seznam id.'),
  empty: text('Choose at least one row.', 'Vyberte aspoň jeden řádek.'),
  notAnObject: text(
    'Expected an object of list query parameters.',
    'Očekáván objekt s parametry dotazu seznamu.',
  ),
  notAString: (name: string): Text =>
    text(`"${name}" must be a string.`, `„${name}“ musí být řetězec.`),
  tooMany: (n: number): Text =>
    text(
      `At most ${MAX_BULK_ROWS.toLocaleString('en')} rows can be changed at once; this selection has ${n.toLocaleString('en')}.`,
      `Najednou lze změnit nejvýše ${MAX_BULK_ROWS.toLocaleString('cs')} řádků; tento výběr jich má ${n.toLocaleString('cs')}.`,
    ),
  invalidId: (value: string): Text =>
    text(`"${value}" is not a valid id.`, `„${value}“ není platné id.`),
  failed: text('The change could not be made.', 'Změnu se nepodařilo provést.'),
};

/** The actions of `resource`: `delete`, then those its declaration lists. */
export function bulkActionsOf(
  resource: CompiledResource,
): readonly [name: string, action: BulkActionDefinition | 'delete'][] {
  return [['delete', 'delete'], ...Object.entries(resource.def.bulkActions ?? {})];
}

/** One refused row of the answer. */
export interface BulkFailure {
  readonly id: number;
  /** The row's title before the action; null for an id that names no row. */
  readonly title: string | null;
  readonly reason: Text;
}

/** What a bulk action answers (before localization). */
export interface BulkAnswer {
  readonly action: string;
  /** How many rows were asked for. */
  readonly count: number;
  readonly succeeded: number[];
  readonly failed: BulkFailure[];
}

function parseIds(raw: unknown, errors: FieldErrors): number[] {
  if (!Array.isArray(raw)) {
    addError(errors, 'ids', T.notAList);
    return [];
  }
  if (raw.length === 0) addError(errors, 'ids', T.empty);
  if (raw.length > MAX_BULK_ROWS) {
    addError(errors, 'ids', T.tooMany(raw.length));
    return [];
  }
  const ids: number[] = [];
  for (const item of raw) {
    if (typeof item === 'number' && Number.isInteger(item) && item >= 1 && item <= INT32_MAX)
      ids.push(item);
    else addError(errors, 'ids', T.invalidId(String(JSON.stringify(item)).slice(0, 20)));
  }
  return [...new Set(ids)];
}

/** The list query of a bulk filter as the query string the list itself would get. */
function filterParams(raw: unknown, errors: FieldErrors): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    addError(errors, 'filter', T.notAnObject);
    return params;
  }
  for (const [name, value] of Object.entries(raw)) {
    if (PAGING_PARAMS.has(name)) continue;
    if (typeof value !== 'string') addError(errors, 'filter', T.notAString(name.slice(0, 40)));
    else params.set(name, value);
  }
  return params;
}

/**
 * The ids the body names: its `ids`, or the ids of the rows its `filter` matches (in the
 * list's order). Throws 400 for a malformed body or more than {@link MAX_BULK_ROWS} rows.
 */
async function selectedIds(
  db: Database,
  resource: CompiledResource,
  body: unknown,
): Promise<number[]> {
  const errors: FieldErrors = {};
  const given = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const hasIds = 'ids' in given;
  const hasFilter = 'filter' in given;
  if (hasIds === hasFilter) throw new ValidationError({ non_field_errors: [T.bodyShape] });
  if (hasIds) {
    const ids = parseIds(given.ids, errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return ids;
  }
  const params = filterParams(given.filter, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  let query;
  try {
    query = parseListQuery(resource, params);
  } catch (error) {
    // The list's own 400 names the parameter; here it is a part of "filter".
    if (error instanceof ValidationError)
      throw new ValidationError({ filter: Object.values(error.errors).flat() });
    throw error;
  }
  const found = await db
    .select({ id: resource.id.column })
    .from(resource.def.table)
    .where(query.where)
    .orderBy(...orderBy(query.order))
    .limit(MAX_BULK_ROWS + 1);
  const ids = found.map((row) => Number(row.id));
  if (ids.length > MAX_BULK_ROWS) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)` })
      .from(resource.def.table)
      .where(query.where);
    throw new ValidationError({ filter: [T.tooMany(Number(counted?.n ?? ids.length))] });
  }
  return ids;
}

/** Titles of the rows `ids` of `resource`, by id (one statement). */
async function titlesOf(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  ids: readonly number[],
  request: FastifyRequest,
): Promise<Map<number, string | null>> {
  const { table } = resource.def;
  const title = titleExpression(resource, getTableName(table), requestLang(request), registry);
  const rows = await db
    .select({ id: resource.id.column, title })
    .from(table)
    .where(sql`${resource.id.column} = any(${sql.param([...ids])}::integer[])`);
  return new Map(rows.map((row) => [Number(row.id), row.title]));
}

/**
 * The rows of `ids` that already hold every value of `patch` (scalar values only; any other
 * patch: none). A patch action leaves such a row as it is, so it succeeds without a
 * transaction, an update or an audit row of its own: confirming every reading a filter
 * matches touches only the few still to check (docs/api.md "Bulk actions").
 */
async function alreadyPatched(
  db: Database,
  resource: CompiledResource,
  ids: readonly number[],
  patch: Readonly<Record<string, JsonValue>>,
): Promise<Set<number>> {
  const conditions = [];
  for (const [name, value] of Object.entries(patch)) {
    const field = resource.byName.get(name);
    if (!field || (value !== null && typeof value === 'object')) return new Set();
    conditions.push(sql`${field.def.column} is not distinct from ${value}`);
  }
  if (conditions.length === 0 || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: resource.id.column })
    .from(resource.def.table)
    .where(
      sql`${resource.id.column} = any(${sql.param([...ids])}::integer[]) and ${sql.join(conditions, sql` and `)}`,
    );
  return new Set(rows.map((row) => Number(row.id)));
}

/** A field's label for a refusal's reason: its declared label, else its name. */
function fieldLabel(resource: CompiledResource, name: string): Text | undefined {
  if (name === 'non_field_errors' || name === 'detail') return undefined;
  return resource.byName.get(name)?.def.label ?? text(name, name);
}

/** What the single action answered when it refused, as one text; undefined for other errors. */
export function refusalReason(resource: CompiledResource, error: unknown): Text | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && !isText(body)) {
    const parts: Text[] = [];
    for (const [name, value] of Object.entries(body as Record<string, LocalizableJson>)) {
      const messages = (Array.isArray(value) ? value : [value]).filter(isText);
      const label = fieldLabel(resource, name);
      for (const message of messages)
        parts.push(
          label ? text(`${label.en}: ${message.en}`, `${label.cs}: ${message.cs}`) : message,
        );
    }
    if (parts.length > 0)
      return text(parts.map((p) => p.en).join(' '), parts.map((p) => p.cs).join(' '));
  }
  return isText(body) ? body : T.failed;
}

/** What the bulk routes need from the app (a part of the resource routes' context). */
export interface BulkRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  readonly prefix: string;
}

/** Registers `POST <prefix>/<name>/bulk/<action>/` for each action of `resource`. */
export function registerBulkRoutes(
  app: FastifyInstance,
  resource: CompiledResource,
  context: BulkRouteContext,
): void {
  const { db, registry, auth, prefix } = context;
  for (const [name, action] of bulkActionsOf(resource)) {
    /** Runs the action on row `id` in `tx`; throws what the single action throws. */
    const runOne = async (
      tx: Database,
      id: number,
      principal: Principal,
      request: FastifyRequest,
    ) => {
      if (action === 'delete') {
        await deleteRow(resource, id, { tx, registry, principal }).catch(rethrowDeleteError);
      } else if (action.patch !== undefined) {
        await updateRow(resource, id, action.patch, 'update', { tx, registry, principal }).catch(
          (error: unknown) => rethrowConstraint(resource, error),
        );
      } else {
        await action.run({ db: tx, id, principal, request });
      }
    };
    registerPath(app, `${prefix}/${resource.name}/bulk/${name}/`, {
      async POST(request) {
        const principal = await auth.authorize(request, resource.def.privilege);
        if (action !== 'delete' && action.privilege && !may(principal, action.privilege))
          throw permissionDenied();
        const ids = await selectedIds(db, resource, request.body);
        const titles = await titlesOf(db, registry, resource, ids, request);
        const answer: BulkAnswer = { action: name, count: ids.length, succeeded: [], failed: [] };
        const unchanged =
          action !== 'delete' && action.patch !== undefined
            ? await alreadyPatched(db, resource, ids, action.patch)
            : new Set<number>();
        for (const id of ids) {
          if (unchanged.has(id)) {
            answer.succeeded.push(id);
            continue;
          }
          try {
            await db.transaction((tx) => runOne(tx, id, principal, request));
            answer.succeeded.push(id);
          } catch (error) {
            const reason = refusalReason(resource, error);
            if (reason === undefined || reason === T.failed)
              request.log.error({ err: error, resource: resource.name, id }, 'bulk row failed');
            answer.failed.push({ id, title: titles.get(id) ?? null, reason: reason ?? T.failed });
          }
        }
        return localize(answer as unknown as LocalizableJson, requestLang(request));
      },
    });
  }
}

const BULK_REQUEST = 'BulkRequest';
const BULK_RESULT = 'BulkResult';

/**
 * `x-bulk-actions` of the list operation: the declared actions (not the generic delete)
 * with their English labels; OPTIONS carries them in the request's language.
 */
export function bulkActionsExtension(resource: CompiledResource): JsonObject[] {
  return Object.entries(resource.def.bulkActions ?? {}).map(([name, action]) => ({
    name,
    label: action.label.en,
  }));
}

/** The OpenAPI paths of `resource`'s bulk actions: operations `<name>_bulk_<action>`. */
export function bulkPaths(resource: CompiledResource, prefix: string): Record<string, JsonObject> {
  const paths: Record<string, JsonObject> = {};
  const plural = resource.def.labels.plural.en.toLowerCase();
  for (const [name, action] of bulkActionsOf(resource)) {
    const label = action === 'delete' ? T.delete.en : action.label.en;
    paths[`${prefix}/${resource.name}/bulk/${name}/`] = {
      post: {
        operationId: `${resource.name}_bulk_${name}`,
        description:
          `${label}: on the ${plural} named by "ids" or matched by "filter" (the list's query), ` +
          `at most ${MAX_BULK_ROWS}; each row in its own transaction with the single action's rules.`,
        tags: [resource.name],
        requestBody: jsonBody(BULK_REQUEST),
        security: JWT_SECURITY,
        responses: { '200': jsonResponse(BULK_RESULT) },
        'x-privilege':
          action !== 'delete' && action.privilege ? action.privilege : resource.def.privilege,
      },
    };
  }
  return paths;
}

/** The components the bulk operations take and answer. */
export function bulkSchemas(): Record<string, SchemaObject> {
  return {
    [BULK_REQUEST]: {
      type: 'object',
      description: 'Either ids or filter.',
      properties: {
        ids: {
          type: 'array',
          items: { type: 'integer' },
          minItems: 1,
          maxItems: MAX_BULK_ROWS,
        },
        filter: {
          type: 'object',
          description: 'The list query parameters (search, filter, gte, lte, sort, own ones).',
          additionalProperties: { type: 'string' },
        },
      },
    },
    [BULK_RESULT]: {
      type: 'object',
      required: ['action', 'count', 'succeeded', 'failed'],
      properties: {
        action: { type: 'string' },
        count: { type: 'integer' },
        succeeded: { type: 'array', items: { type: 'integer' } },
        failed: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'title', 'reason'],
            properties: {
              id: { type: 'integer' },
              title: { type: 'string', nullable: true },
              reason: { type: 'string' },
            },
          },
        },
      },
    },
  };
}
