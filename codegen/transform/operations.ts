/**
 * Which of a resource's standard operations exist (docs/api.md "Resources": operation ids
 * `<resource>_list`, `_create`, `_retrieve`, `_partial_update`, `_destroy`; Joule's
 * `_history`, the audit log of a row, and `_titles`, the title lookup), and which other
 * operations (DRF's "extra actions") a resource has.
 */
import type { ResourceDescriptor } from '../descriptor-types';
import type { OpenApiDocument } from '../parse/openapi';

/** All operation ids of a document. */
export function operationIds(doc: OpenApiDocument): Set<string> {
  const ids = new Set<string>();
  for (const operations of doc.paths.values()) {
    for (const op of operations.values()) if (op.operationId !== undefined) ids.add(op.operationId);
  }
  return ids;
}

/** The query parameter of a **Joule** dry run (docs/api.md "Dry run"). */
export const DRY_RUN_PARAMETER = 'validate';

/**
 * The ids of the operations that take a dry run: a query parameter `validate`
 * (docs/api.md "Dry run"). None on a plain DRF back-end.
 */
export function dryRunOperationIds(doc: OpenApiDocument): Set<string> {
  const ids = new Set<string>();
  for (const operations of doc.paths.values()) {
    for (const op of operations.values())
      if (
        op.operationId !== undefined &&
        op.parameters.some((p) => p.in === 'query' && p.name === DRY_RUN_PARAMETER)
      )
        ids.add(op.operationId);
  }
  return ids;
}

/** Suffixes of the operations `operations` already names (`update` is PUT, never used). */
const STANDARD = new Set([
  'list',
  'create',
  'retrieve',
  'update',
  'partial_update',
  'destroy',
  'history',
  'titles',
  'defaults',
]);

/**
 * The suffixes of the resource's other operations (ids `<prefix>_<suffix>`, e.g.
 * `consumption`, `bulk_create`), sorted; empty on a back-end without any.
 */
export function extraActions(prefix: string, ids: ReadonlySet<string>): string[] {
  const start = `${prefix}_`;
  return [...ids]
    .filter((id) => id.startsWith(start) && !STANDARD.has(id.slice(start.length)))
    .map((id) => id.slice(start.length))
    .sort();
}

/**
 * The operations of the resource whose ids start with `prefix`; `update` means PATCH.
 * `extraActions` is present only when the resource has any, `defaults` only when it serves
 * a new row's defaults (`<prefix>_defaults`), `dryRun` only when its create
 * or partial update takes one (`dryRunIds`, see {@link dryRunOperationIds}).
 */
export function resourceOperations(
  prefix: string,
  ids: ReadonlySet<string>,
  dryRunIds: ReadonlySet<string> = new Set(),
): ResourceDescriptor['operations'] {
  const extra = extraActions(prefix, ids);
  const dryRun = {
    create: dryRunIds.has(`${prefix}_create`),
    update: dryRunIds.has(`${prefix}_partial_update`),
  };
  return {
    list: ids.has(`${prefix}_list`),
    create: ids.has(`${prefix}_create`),
    retrieve: ids.has(`${prefix}_retrieve`),
    update: ids.has(`${prefix}_partial_update`),
    destroy: ids.has(`${prefix}_destroy`),
    history: ids.has(`${prefix}_history`),
    titles: ids.has(`${prefix}_titles`),
    ...(ids.has(`${prefix}_defaults`) && { defaults: true }),
    ...(extra.length > 0 && { extraActions: extra }),
    ...((dryRun.create || dryRun.update) && { dryRun }),
  };
}
