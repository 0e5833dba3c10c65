/**
 * `GET /api/v1/<name>/{id}/history/` (**Joule**, docs/architecture.md "Real components"): the audit log of one
 * row, newest first, as DRF's page-number pagination `{"count", "next", "previous",
 * "results"}` (`page`, `page_size`: default 25, at most 9999). Each result is
 * `{"id", "at", "action": "create" | "update" | "delete" | "export" | "anonymise", "user": {"id", "email"} | null,
 * "changes": {"<field>": [before, after]}}` (see `audit.ts` for what is recorded).
 *
 * Each result also names the row it is about: `"resource"`, `"row_id"` and `"title"` (the
 * row's title now, null once deleted). The history of a row includes its children's
 * (docs/api.md "History"): the rows of every resource declared with a `parent` reference to
 * this resource (a customer's addresses and contracts, a point's specifications), those
 * referring to it now and those whose recorded changes name it (deleted or moved ones),
 * each only when the user holds that child resource's privilege.
 *
 * Gated by the resource's privilege like every other method (401 / 403). An id that is
 * not an integer is a 404; so is a row that neither exists nor has any audit rows (the
 * history of a deleted row is still answered, and a row stored before the log began has
 * an empty one).
 */
import { and, count, desc, eq, getTableName, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import { may, type Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { ValidationError, detailError, notFound, type FieldErrors } from '../../http/errors';
import { registerPath } from '../../http/routes';
import { queryParams } from '../../http/urls';
import { messages } from '../../i18n/messages';
import type { Lang } from '../../i18n/text';
import {
  JWT_SECURITY,
  jsonResponse,
  ref,
  type JsonObject,
  type SchemaObject,
} from '../../openapi/types';
import type { AuditChanges } from './audit';
import { INT32_MAX } from './codecs';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, parsePaging } from './list-query';
import { pageAnswer, type PageAnswer } from './page-answer';
import type { CompiledResource, ResourceRegistry } from './registry';
import { titleExpression } from './titles';
import { requestLang } from '../../http/request-lang';

/** One entry of a row's history, as answered. */
export interface HistoryEntry {
  readonly id: number;
  /** ISO 8601 instant of the change. */
  readonly at: string;
  readonly action: string;
  /** Who made the change (e-mail as it was then), or null for the system. */
  readonly user: { readonly id: number; readonly email: string } | null;
  readonly changes: AuditChanges;
  /** The resource of the changed row: this one, or one of its children's. */
  readonly resource: string;
  /** The changed row's id. */
  readonly row_id: number;
  /** The changed row's title now, in the request's language; null once it is deleted. */
  readonly title: string | null;
}

/** DRF's paginated answer of a history. */
export type HistoryAnswer = PageAnswer<HistoryEntry>;

/** What the history route needs from the app (a part of the resource routes' context). */
export interface HistoryRouteContext {
  readonly db: Database;
  readonly auth: Authenticator;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
  /** The resources, for the titles of changed rows. */
  readonly registry?: ResourceRegistry;
}

/**
 * The children whose changes belong to a row's history: resources whose `parent` reference
 * points to `resource`, which `principal` may read (all of them without a principal).
 */
export function historyChildren(
  resource: CompiledResource,
  principal?: Principal,
): { resource: CompiledResource; field: string; column: string }[] {
  return resource.referrers
    .filter(({ resource: child, field }) => child.def.parent === field.name && child !== resource)
    .filter(({ resource: child }) => !principal || may(principal, child.def.privilege))
    .map(({ resource: child, field }) => ({
      resource: child,
      field: field.name,
      column: field.column.name,
    }));
}

/**
 * The audit rows of row `id` of `resource` and of its `children` (`historyChildren`): the
 * children's rows referring to it now, and those whose recorded changes name it.
 */
function historyCondition(
  resource: CompiledResource,
  id: number,
  children: ReturnType<typeof historyChildren>,
): SQL {
  const own = and(eq(auditLog.resource, resource.name), eq(auditLog.rowId, id))!;
  const theirs = children.map(({ resource: child, field, column }) => {
    const table = sql.identifier(getTableName(child.def.table));
    const key = sql.identifier(child.id.column.name);
    const text = String(id);
    return and(
      eq(auditLog.resource, child.name),
      or(
        sql`${auditLog.rowId} in (select ${key} from ${table} where ${sql.identifier(column)} = ${id})`,
        sql`${auditLog.changes} -> ${field} ->> 0 = ${text}`,
        sql`${auditLog.changes} -> ${field} ->> 1 = ${text}`,
      ),
    )!;
  });
  return theirs.length === 0 ? own : or(own, ...theirs)!;
}

/** The current titles of the rows audited in `rows`, by resource and id. */
async function currentTitles(
  db: Database,
  registry: ResourceRegistry | undefined,
  rows: readonly { resource: string; rowId: number }[],
  lang: Lang,
): Promise<Map<string, string | null>> {
  const titles = new Map<string, string | null>();
  if (!registry) return titles;
  const byResource = new Map<string, Set<number>>();
  for (const row of rows) {
    if (!registry.has(row.resource)) continue;
    const ids = byResource.get(row.resource) ?? new Set<number>();
    ids.add(row.rowId);
    byResource.set(row.resource, ids);
  }
  for (const [name, ids] of byResource) {
    const resource = registry.get(name);
    const { table } = resource.def;
    const found = await db
      .select({
        id: resource.id.column,
        title: titleExpression(resource, getTableName(table), lang, registry),
      })
      .from(table)
      .where(inArray(resource.id.column, [...ids]));
    for (const row of found) titles.set(`${name}:${Number(row.id)}`, row.title);
  }
  return titles;
}

/**
 * The id in the URL, or undefined when it cannot name a row (→ 404). The same rule as the
 * item routes' (`routes.ts`), kept here so the history stays one self-contained module.
 */
function parseId(request: FastifyRequest): number | undefined {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= INT32_MAX ? id : undefined;
}

/** Audit rows as answered: each with its row's current title in `lang`. */
export async function historyEntries(
  db: Database,
  registry: ResourceRegistry | undefined,
  rows: readonly (typeof auditLog.$inferSelect)[],
  lang: Lang,
): Promise<HistoryEntry[]> {
  const titles = await currentTitles(db, registry, rows, lang);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    user: row.userId === null ? null : { id: row.userId, email: row.userEmail ?? '' },
    changes: row.changes as AuditChanges,
    resource: row.resource,
    row_id: row.rowId,
    title: titles.get(`${row.resource}:${row.rowId}`) ?? null,
  }));
}

/** Reads one page of the history of row `id` of `resource`; see the module comment. */
export async function readHistory(
  db: Database,
  resource: CompiledResource,
  id: number,
  request: FastifyRequest,
  options: { registry?: ResourceRegistry; principal?: Principal } = {},
): Promise<HistoryAnswer> {
  const params = queryParams(request);
  // Keyset paging is for long sortable lists; a history pages by number only.
  params.delete('page_after_id');
  const errors: FieldErrors = {};
  const paging = parsePaging(resource, params, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (paging.kind !== 'page') throw new Error('unreachable: keyset paging was removed');

  const where = historyCondition(resource, id, historyChildren(resource, options.principal));
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = Number(counted?.n ?? 0);
  if (total === 0) {
    const [row] = await db
      .select({ id: resource.id.column })
      .from(resource.def.table)
      .where(eq(resource.id.column, id))
      .limit(1);
    if (!row) throw notFound();
  }
  const offset = (paging.page - 1) * paging.size;
  if (paging.page > 1 && offset >= total) throw detailError(404, messages.invalidPage);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(paging.size)
    .offset(offset);
  return pageAnswer(
    request,
    paging.page,
    offset,
    total,
    await historyEntries(db, options.registry, rows, requestLang(request)),
  );
}

/** Registers `GET <prefix>/<name>/:id/history/` for `resource`. */
export function registerHistoryRoute(
  app: FastifyInstance,
  resource: CompiledResource,
  context: HistoryRouteContext,
): void {
  const { db, auth, prefix, registry } = context;
  registerPath(app, `${prefix}/${resource.name}/:id/history/`, {
    async GET(request) {
      const principal = await auth.authorize(request, resource.def.privilege);
      const id = parseId(request);
      if (id === undefined) throw notFound();
      return readHistory(db, resource, id, request, { registry, principal });
    },
  });
}

/** Component names of the history answer, shared by every resource. */
const ENTRY = 'AuditEntry';
const PAGE = 'PaginatedAuditEntryList';

/** The OpenAPI path of `resource`'s history: operation `<name>_history`. */
export function historyPaths(
  resource: CompiledResource,
  prefix: string,
): Record<string, JsonObject> {
  const { name, privilege, labels } = resource.def;
  const query = (param: string, description: string): JsonObject => ({
    name: param,
    in: 'query',
    required: false,
    description,
    schema: { type: 'integer' },
  });
  return {
    [`${prefix}/${name}/{id}/history/`]: {
      get: {
        operationId: `${name}_history`,
        description:
          'Changes of this row recorded by the audit log, newest first; each maps a changed ' +
          'field to [before, after]. Secrets are recorded as "***". Includes the changes of ' +
          'its children (rows of resources whose x-parent references it) the user may read.',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: `A unique integer value identifying this ${labels.singular.en.toLowerCase()}.`,
            schema: { type: 'integer' },
          },
          query('page', 'A page number within the paginated result set.'),
          query(
            'page_size',
            `Number of results to return per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`,
          ),
        ],
        tags: [name],
        security: JWT_SECURITY,
        responses: { '200': jsonResponse(PAGE) },
        'x-privilege': privilege,
      },
    },
  };
}

/** The components the history operations answer with. */
export function historySchemas(): Record<string, SchemaObject> {
  return {
    [ENTRY]: {
      type: 'object',
      properties: {
        id: { type: 'integer', readOnly: true },
        at: { type: 'string', format: 'date-time', readOnly: true },
        action: {
          type: 'string',
          enum: ['create', 'update', 'delete', 'export', 'anonymise'],
          readOnly: true,
        },
        user: {
          type: 'object',
          nullable: true,
          readOnly: true,
          description: 'Who made the change (e-mail as it was then); null for the system.',
          properties: {
            id: { type: 'integer' },
            email: { type: 'string', format: 'email' },
          },
          required: ['email', 'id'],
        },
        changes: {
          type: 'object',
          readOnly: true,
          description: 'Changed fields: field name → [before, after] in wire format.',
          additionalProperties: { type: 'array', items: {}, minItems: 2, maxItems: 2 },
        },
        resource: {
          type: 'string',
          readOnly: true,
          description: 'The resource of the changed row (this one or a child resource).',
        },
        row_id: { type: 'integer', readOnly: true, description: 'The changed row’s id.' },
        title: {
          type: 'string',
          nullable: true,
          readOnly: true,
          description: 'The changed row’s title now; null once it is deleted.',
        },
      },
      required: ['action', 'at', 'changes', 'id', 'resource', 'row_id', 'title', 'user'],
    },
    [PAGE]: {
      type: 'object',
      required: ['count', 'results'],
      properties: {
        count: { type: 'integer', example: 123 },
        next: { type: 'string', nullable: true, format: 'uri' },
        previous: { type: 'string', nullable: true, format: 'uri' },
        results: { type: 'array', items: ref(ENTRY) },
      },
    },
  };
}
