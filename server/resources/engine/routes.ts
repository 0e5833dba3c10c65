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
 *
 * **Joule** dry run: POST, PUT and PATCH with `?validate=1` check the body exactly as the
 * write would (field checks, the database's, the resource's rules, `If-Match`) and change
 * nothing: 200 `{}` when the write would pass, else the write's 400 (docs/api.md "Dry run").
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import { may } from '../../auth/principal';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { lastParam, queryParams } from '../../http/urls';
import { auditChanges, recordAudit } from './audit';
import { registerBulkRoutes } from './bulk';
import { INT32_MAX } from './codecs';
import { registerDefaultsRoute } from './defaults';
import { registerHistoryRoute } from './history';
import { runList } from './list';
import { parseListQuery } from './list-query';
import { optionsMetadata } from './options';
import type { CompiledResource, ResourceRegistry } from './registry';
import { etagOf, serializeRow, type Row } from './serialize';
import { registerTitlesRoute, rowSelection, withTitles } from './titles';
import { validateWrite, type WriteMode } from './validate';
import { deleteRow, rethrowConstraint, rethrowDeleteError, updateRow } from './writes';

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

/** The query parameter of a dry run (docs/api.md "Dry run"). */
export const DRY_RUN_PARAM = 'validate';

/** True for a dry run: `?validate=1` (or `true`). */
function isDryRun(request: FastifyRequest): boolean {
  const value = lastParam(queryParams(request), DRY_RUN_PARAM);
  return value === '1' || value === 'true';
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

  /** `row`'s id as the audit log keys it. */
  const rowIdOf = (row: Row) => Number(row[resource.id.columnKey]);

  async function write(
    request: FastifyRequest,
    reply: FastifyReply,
    mode: Exclude<WriteMode, 'create'>,
  ) {
    const principal = await auth.authorize(request, privilege);
    const id = parseId(request);
    const dryRun = isDryRun(request);
    const row = await db
      .transaction((tx) =>
        updateRow(resource, id, request.body, mode, {
          tx,
          registry,
          principal,
          dryRun,
          ifMatch: request.headers['if-match'],
        }),
      )
      .catch((error: unknown) => rethrowConstraint(resource, error));
    return row === undefined ? reply.code(200).send({}) : send(reply, 200, row);
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
      if (isDryRun(request)) {
        await db.transaction((tx) =>
          validateWrite(resource, request.body, {
            db: tx,
            registry,
            mode: 'create',
            principal,
            dryRun: true,
          }),
        );
        return reply.code(200).send({});
      }
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
        .transaction((tx) =>
          deleteRow(resource, id, {
            tx,
            registry,
            principal,
            ifMatch: request.headers['if-match'],
          }),
        )
        .catch(rethrowDeleteError);
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
  registerDefaultsRoute(app, resource, context);
  registerBulkRoutes(app, resource, context);
  registerTitlesRoute(app, resource, context);
}
