/**
 * The single-row update and delete of the resource engine (docs/api.md "Resources"), shared
 * by the item routes (`routes.ts`) and the bulk actions (`bulk.ts`) so that a row changed
 * in bulk passes exactly the checks, privileges and audit of the same change made alone.
 * Both run inside a transaction the caller opened and throw the usual {@link ApiError}s
 * (404, 412, 403 from `authorizeWrite`, 400 from validation or a referenced row).
 */
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from '../../db/errors';
import { ValidationError, detailError, notFound } from '../../http/errors';
import { messages } from '../../i18n/messages';
import { may } from '../../auth/principal';
import { auditChanges, recordAudit } from './audit';
import { assertWriteAuthorized } from './authorize';
import { lockParents } from './locks';
import { assertNotReferenced } from './references';
import type { CompiledResource, ResourceRegistry } from './registry';
import { etagOf, fieldValues, ifMatchAllows, type Row } from './serialize';
import { validateWrite, type WriteMode } from './validate';

/** Who writes, and the transaction and registry the write runs with. */
export interface RowWriteContext {
  readonly tx: Database;
  readonly registry: ResourceRegistry;
  readonly principal: Principal;
  /** The request's `If-Match` header, when it has one (412 when it names another ETag). */
  readonly ifMatch?: string | undefined;
  /** Check only, write nothing (docs/api.md "Dry run"). @default false */
  readonly dryRun?: boolean;
}

/**
 * Locks row `id` of `resource` (`FOR UPDATE`) and checks `ifMatch` against its ETag.
 *
 * @throws {ApiError} 404 when there is no such row, 412 when `ifMatch` is stale.
 */
export async function lockRow(
  tx: Database,
  resource: CompiledResource,
  id: number | undefined,
  ifMatch: string | undefined,
): Promise<Row> {
  if (id === undefined) throw notFound();
  const [row] = await tx
    .select()
    .from(resource.def.table)
    .where(eq(resource.id.column, id))
    .for('update');
  if (!row) throw notFound();
  if (!ifMatchAllows(ifMatch, etagOf(row))) throw detailError(412, messages.preconditionFailed);
  return row;
}

/**
 * PUT (`replace`) or PATCH (`update`) of row `id` with `body` (wire format), audited.
 * Answers the row as stored (unchanged when the body changes nothing), or undefined for a
 * dry run, which checks everything and writes nothing.
 */
export async function updateRow(
  resource: CompiledResource,
  id: number | undefined,
  body: unknown,
  mode: Exclude<WriteMode, 'create'>,
  context: RowWriteContext,
): Promise<Row | undefined> {
  const { tx, registry, principal, dryRun = false } = context;
  const existing = await lockRow(tx, resource, id, context.ifMatch);
  const values = await validateWrite(resource, body, {
    db: tx,
    registry,
    mode,
    existing,
    principal,
    dryRun,
  });
  if (dryRun) return undefined;
  if (Object.keys(values).length === 0) return existing;
  const [updated] = await tx
    .update(resource.def.table)
    .set(values)
    .where(eq(resource.id.column, id!))
    .returning();
  await recordAudit(tx, {
    resource: resource.name,
    rowId: id!,
    action: 'update',
    actor: principal,
    changes: auditChanges(resource, existing, updated),
  });
  return updated!;
}

/**
 * DELETE of row `id`, audited: refused (403) by the resource's `authorizeWrite`, and (400)
 * while other rows reference it (naming them only to a user who may read their resource).
 */
export async function deleteRow(
  resource: CompiledResource,
  id: number | undefined,
  context: RowWriteContext,
): Promise<void> {
  const { tx, registry, principal } = context;
  const row = await lockRow(tx, resource, id, context.ifMatch);
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
  await tx.delete(resource.def.table).where(eq(resource.id.column, id!));
  await recordAudit(tx, {
    resource: resource.name,
    rowId: id!,
    action: 'delete',
    actor: principal,
    changes: auditChanges(resource, row, undefined),
  });
}

/** Maps a unique violation that raced past validation to the field's 400; rethrows the rest. */
export function rethrowConstraint(resource: CompiledResource, error: unknown): never {
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

/**
 * Maps a foreign key violation of a delete (a database key the declarations do not know
 * about still protects the row) to 400 "still referenced"; rethrows the rest.
 */
export function rethrowDeleteError(error: unknown): never {
  if (pgErrorOf(error)?.code === PG_FOREIGN_KEY_VIOLATION) {
    throw detailError(400, messages.stillReferenced);
  }
  throw error;
}
