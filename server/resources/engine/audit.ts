/**
 * The audit log (docs/architecture.md "Real components"): every create, update and delete made through the API
 * is recorded in `audit_log` by the resource engine, in the same transaction as the change,
 * so a rolled-back write leaves no trace and a committed one always has its row. Nothing
 * here names a resource: what is recorded follows from the resource's declaration.
 *
 * `changes` maps each changed field (wire name) to `[before, after]` in wire format (as
 * {@link serializeRow} sends it): `null` before on create, `null` after on delete. The id
 * field is left out (it is `row_id`). Write-only fields (passwords) are secrets: their
 * stored value (a hash) is never recorded; a change to one is recorded with
 * {@link SECRET_MARKER} in place of each non-null value, so "the password was changed" is
 * known and nothing about the password is.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, type AuditAction } from '../../db/schema';
import type { CompiledField, CompiledResource } from './registry';
import type { Row } from './serialize';
import type { JsonValue } from './types';

/** What a write-only (secret) field's non-null value is recorded as. */
export const SECRET_MARKER = '***';

/** Who made a change: the signed-in user, or null for the system (seed, CLI). */
export interface AuditActor {
  readonly id: number;
  readonly email: string;
}

/** Field wire name → `[before, after]`, wire values. */
export type AuditChanges = Record<string, [JsonValue, JsonValue]>;

/** One audit row to write. */
export interface AuditEntry {
  readonly resource: string;
  readonly rowId: number;
  readonly action: AuditAction;
  readonly actor: AuditActor | null;
  readonly changes: AuditChanges;
}

function wireValue(field: CompiledField, value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (!field.readable) return SECRET_MARKER;
  return field.codec.toJson(value, field.def);
}

/** The stored value as a comparable string (dates by instant, everything else as JSON). */
function comparable(value: unknown): string {
  if (value === undefined) return 'null';
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Date ? item.toISOString() : item,
  );
}

/**
 * The changed fields between two stored rows of `resource` (`before` undefined on create,
 * `after` undefined on delete), in declaration order. A write-only field counts as changed
 * when its stored value differs (a re-hashed password always does), recorded as
 * {@link SECRET_MARKER}.
 */
export function auditChanges(
  resource: CompiledResource,
  before: Row | undefined,
  after: Row | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of resource.fields) {
    if (field === resource.id) continue;
    const old = before?.[field.columnKey];
    const now = after?.[field.columnKey];
    const oldWire = before ? wireValue(field, old) : null;
    const newWire = after ? wireValue(field, now) : null;
    // On create or delete every non-null value is a change (the fast path of bulk creates).
    const changed =
      !before || !after
        ? (oldWire ?? newWire) !== null
        : field.readable
          ? comparable(oldWire) !== comparable(newWire)
          : comparable(old ?? null) !== comparable(now ?? null);
    if (changed) changes[field.name] = [oldWire, newWire];
  }
  return changes;
}

/**
 * Writes one audit row in `tx` (the write's own transaction). An update whose changes are
 * empty writes nothing: the log lists changes, and a PATCH that changed nothing made none.
 */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  if (entry.action === 'update' && Object.keys(entry.changes).length === 0) return;
  await tx.insert(auditLog).values({
    resource: entry.resource,
    rowId: entry.rowId,
    action: entry.action,
    userId: entry.actor?.id ?? null,
    userEmail: entry.actor?.email ?? null,
    changes: entry.changes,
  });
}

/**
 * Records the creation of the rows of `resource` with ids `ids` (a set-based write such as
 * the bulk ingest): reads them back once and writes one audit row each in one INSERT, so
 * the cost is two statements whatever the number of rows. Runs in the write's transaction.
 */
export async function recordCreated(
  tx: Database,
  resource: CompiledResource,
  ids: readonly number[],
  actor: AuditActor | null,
): Promise<void> {
  if (ids.length === 0) return;
  const rows: Row[] = await tx
    .select()
    .from(resource.def.table)
    // One array parameter: 10,000 ids as 10,000 bound parameters plan several times slower.
    .where(sql`${resource.id.column} = any(${sql.param([...ids])}::integer[])`);
  const entries = rows.map((row) => ({
    row_id: Number(row[resource.id.columnKey]),
    changes: auditChanges(resource, undefined, row),
  }));
  // One statement for the whole batch: the rows travel as one JSON parameter.
  await tx.execute(sql`
    insert into ${auditLog} (resource, row_id, action, user_id, user_email, changes)
    select ${resource.name}, x.row_id, 'create', ${actor?.id ?? null}::integer,
      ${actor?.email ?? null}::varchar, x.changes
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as x(row_id integer, changes jsonb)`);
}
