/**
 * The HTTP face of a resource (docs/api.md "Resources"), with no per-resource code:
 * - `/api/v1/<name>/`: GET list, POST create (201), OPTIONS metadata;
 * - `/api/v1/<name>/{id}/`: GET (with `ETag`), PUT, PATCH (200 with the row), DELETE
 *   (204), OPTIONS. `If-Match` with a stale ETag on PUT/PATCH/DELETE is a 412 and
 *   changes nothing; an unknown or non-integer id is a 404.
 * - `/api/v1/<name>/{id}/history/`: GET, the row's audit log (`history.ts`).
 * Every method needs an authenticated user; every method but OPTIONS needs the resource's
 * privilege (OPTIONS answers without `actions` when the user lacks it). A resource's
 * `authorizeWrite` hook may further refuse a POST, PUT, PATCH or DELETE (403 with its
 * reason). A DELETE refused because other rows reference the row names those rows only to
 * a user who may read their resource. Each create, update and delete records its audit row
 * (`audit.ts`) in its own transaction.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import { may } from '../../auth/principal';
import type { Database } from '../../db/client';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from '../../db/errors';
import { ValidationError, detailError, notFound } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { queryParams } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { auditChanges, recordAudit } from './audit';
import { INT32_MAX } from './codecs';
import { registerHistoryRoute } from './history';
import { runList } from './list';
import { parseListQuery } from './list-query';
import { lockParents } from './locks';
import { optionsMetadata } from './options';
import { assertWriteAuthorized } from './authorize';
import { assertNotReferenced } from './references';
import type { CompiledResource, ResourceRegistry } from './registry';
import { etagOf, fieldValues, ifMatchAllows, serializeRow, type Row } from './serialize';
import { registerTitlesRoute, rowSelection, withTitles } from './titles';
import { validateWrite, type WriteMode } from './validate';

/** What the resource routes need from the app. */
export interface ResourceRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
}

/** The id in the URL, or undefined when it cannot name a row (→ 404). */
function parseId(request: FastifyRequest): number | undefined {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= INT32_MAX ? id : undefined;
}

/** Maps a unique violation that raced past validation to the field's 400. */
function rethrowConstraint(resource: CompiledResource, error: unknown): never {
  const pg = pgErrorOf(error);
  if (pg?.code === PG_UNIQUE_VIOLATION && pg.constraint) {
    const name = resource.uniqueConstraints.get(pg.constraint);
    const field = name ? resource.byName.get(name) : undefined;
    if (field) {
      throw new ValidationError({
        [field.name]: [messages.unique(resource.def.labels.singular, field.def.label)],
      });
    }
  }
  throw error;
}

/** Registers the routes of every resource of `context.registry` on `app`. */
export function registerResourceRoutes(app: FastifyInstance, context: ResourceRouteContext): void {
  for (const resource of context.registry.all()) registerResource(app, resource, context);
}

function registerResource(
  app: FastifyInstance,
  resource: CompiledResource,
  context: ResourceRouteContext,
): void {
  const { db, registry, auth, prefix } = context;
  const { table, privilege } = resource.def;
  const idColumn = resource.id.column;

  /** Answers `row` (as stored) with the titles of the rows it references. */
  const send = async (reply: FastifyReply, status: number, row: Row) => {
    const titled = await withTitles(db, registry, resource, row, requestLang(reply.request));
    return reply.code(status).header('etag', etagOf(row)).send(serializeRow(resource, titled));
  };

  async function lockRow(
    tx: Database,
    id: number | undefined,
    request: FastifyRequest,
  ): Promise<Row> {
    if (id === undefined) throw notFound();
    const [row] = await tx.select().from(table).where(eq(idColumn, id)).for('update');
    if (!row) throw notFound();
    if (!ifMatchAllows(request.headers['if-match'], etagOf(row))) {
      throw detailError(412, messages.preconditionFailed);
    }
    return row;
  }

  /** `row`'s id as the audit log keys it. */
  const rowIdOf = (row: Row) => Number(row[resource.id.columnKey]);

  async function write(request: FastifyRequest, reply: FastifyReply, mode: WriteMode) {
    const principal = await auth.authorize(request, privilege);
    const id = parseId(request);
    const row = await db
      .transaction(async (tx) => {
        const existing = await lockRow(tx, id, request);
        const values = await validateWrite(resource, request.body, {
          db: tx,
          registry,
          mode,
          existing,
          principal,
        });
        if (Object.keys(values).length === 0) return existing;
        const [updated] = await tx.update(table).set(values).where(eq(idColumn, id!)).returning();
        await recordAudit(tx, {
          resource: resource.name,
          rowId: id!,
          action: 'update',
          actor: principal,
          changes: auditChanges(resource, existing, updated),
        });
        return updated!;
      })
      .catch((error: unknown) => rethrowConstraint(resource, error));
    return send(reply, 200, row);
  }

  registerPath(app, `${prefix}/${resource.name}/`, {
    async GET(request) {
      await auth.authorize(request, privilege);
      return runList(
        db,
        registry,
        resource,
        parseListQuery(resource, queryParams(request)),
        request,
      );
    },
    async POST(request, reply) {
      const principal = await auth.authorize(request, privilege);
      const row = await db
        .transaction(async (tx) => {
          const values = await validateWrite(resource, request.body, {
            db: tx,
            registry,
            mode: 'create',
            principal,
          });
          // The values are keyed by the table's own column property names (validateWrite).
          const [inserted] = await tx
            .insert(table)
            .values(values as never)
            .returning();
          await recordAudit(tx, {
            resource: resource.name,
            rowId: rowIdOf(inserted!),
            action: 'create',
            actor: principal,
            changes: auditChanges(resource, undefined, inserted),
          });
          const { afterCreate } = resource.def;
          if (!afterCreate) return inserted!;
          await afterCreate({ db: tx, id: rowIdOf(inserted!), principal });
          const [reread] = await tx
            .select()
            .from(table)
            .where(eq(idColumn, rowIdOf(inserted!)));
          return reread!;
        })
        .catch((error: unknown) => rethrowConstraint(resource, error));
      return send(reply, 201, row);
    },
    async OPTIONS(request) {
      const principal = await auth.authenticate(request);
      return optionsMetadata(
        resource,
        requestLang(request),
        may(principal, privilege) ? 'POST' : undefined,
      );
    },
  });

  registerPath(app, `${prefix}/${resource.name}/:id/`, {
    async GET(request, reply) {
      await auth.authorize(request, privilege);
      const id = parseId(request);
      if (id === undefined) throw notFound();
      const [row] = await db
        .select(rowSelection(registry, resource, requestLang(request)))
        .from(table)
        .where(eq(idColumn, id));
      if (!row) throw notFound();
      const etag = etagOf(row);
      if (request.headers['if-none-match'] === etag)
        return reply.code(304).header('etag', etag).send();
      return reply.code(200).header('etag', etag).send(serializeRow(resource, row));
    },
    PUT: (request, reply) => write(request, reply, 'replace'),
    PATCH: (request, reply) => write(request, reply, 'update'),
    async DELETE(request, reply) {
      const principal = await auth.authorize(request, privilege);
      const id = parseId(request);
      await db
        .transaction(async (tx) => {
          const row = await lockRow(tx, id, request);
          await lockParents(tx, registry, resource, {}, row);
          await assertWriteAuthorized(resource, {
            operation: 'delete',
            values: {},
            existing: fieldValues(resource, row),
            principal,
            db: tx,
          });
          await assertNotReferenced(tx, registry, resource, id!, {
            mayRead: (referrer) => may(principal, referrer.def.privilege),
          });
          await tx.delete(table).where(eq(idColumn, id!));
          await recordAudit(tx, {
            resource: resource.name,
            rowId: id!,
            action: 'delete',
            actor: principal,
            changes: auditChanges(resource, row, undefined),
          });
        })
        .catch((error: unknown) => {
          // A database foreign key the declarations do not know about still protects the row.
          if (pgErrorOf(error)?.code === PG_FOREIGN_KEY_VIOLATION) {
            throw detailError(400, messages.stillReferenced);
          }
          throw error;
        });
      return reply.code(204).send();
    },
    async OPTIONS(request) {
      const principal = await auth.authenticate(request);
      return optionsMetadata(
        resource,
        requestLang(request),
        may(principal, privilege) ? 'PUT' : undefined,
      );
    },
  });

  registerHistoryRoute(app, resource, context);
  registerTitlesRoute(app, resource, context);
}
