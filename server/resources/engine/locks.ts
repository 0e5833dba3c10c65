/**
 * Per-parent serialisation of writes (`ResourceDefinition.lockParent`, types.ts). A rule that
 * spans the rows under one parent — a device's readings never decreasing along time
 * (docs/product.md §3 Tariff device) — reads the siblings and then writes; two such writes running
 * at once under READ COMMITTED each see the other's row missing and both pass. Locking
 * the parent row first, inside the write's transaction, makes the second write wait for
 * the first to commit, and its checks (new statements, new snapshots) then see its row.
 * The bulk ingest (`bulk/measurements.ts`) takes the same lock on the devices it writes.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { referenceOf, type CompiledResource, type ResourceRegistry } from './registry';
import type { Row } from './serialize';

/**
 * Locks (`select … for no key update`, in id order so two writes never deadlock) the
 * parent rows a write of `resource` touches: the one named in `values` (parsed values by
 * field name; absent on PATCH without the parent, and on DELETE) and the one of the stored
 * row `existing` (a row keyed by column property, on PUT / PATCH / DELETE) — both, when a
 * row moves to another parent. Does nothing unless the resource declares `lockParent`.
 * Must run in the write's transaction, before its checks; a parent id that does not exist
 * locks nothing (the reference check reports it).
 */
export async function lockParents(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  values: Readonly<Record<string, unknown>>,
  existing?: Row,
): Promise<void> {
  const { lockParent, parent } = resource.def;
  if (!lockParent || parent === undefined) return;
  const field = resource.byName.get(parent)!;
  const ids = new Set<number>();
  for (const value of [values[field.name], existing?.[field.columnKey]])
    if (typeof value === 'number') ids.add(value);
  if (ids.size === 0) return;
  const target = registry.get(referenceOf(field.def)!);
  const idColumn = target.id.column;
  // NO KEY UPDATE conflicts with itself and with the bulk ingest's FOR UPDATE, but not with
  // the KEY SHARE locks foreign-key checks take, so unrelated inserts referencing the
  // parent are not held up.
  await db
    .select({ id: idColumn })
    .from(target.def.table)
    .where(inArray(idColumn, [...ids]))
    .orderBy(idColumn)
    .for('no key update');
}
