/**
 * Which of a resource's standard operations exist (API.md "Resources": operation ids
 * `<resource>_list`, `_create`, `_retrieve`, `_partial_update`, `_destroy`; Joule's
 * `_history`, the audit log of a row, and `_titles`, the title lookup).
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

/** The operations of the resource whose ids start with `prefix`; `update` means PATCH. */
export function resourceOperations(
  prefix: string,
  ids: ReadonlySet<string>,
): ResourceDescriptor['operations'] {
  return {
    list: ids.has(`${prefix}_list`),
    create: ids.has(`${prefix}_create`),
    retrieve: ids.has(`${prefix}_retrieve`),
    update: ids.has(`${prefix}_partial_update`),
    destroy: ids.has(`${prefix}_destroy`),
    history: ids.has(`${prefix}_history`),
    titles: ids.has(`${prefix}_titles`),
  };
}
