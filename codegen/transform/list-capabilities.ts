/**
 * What the list operation lets people do (docs/api.md "Lists"): sort, filter and
 * search fields, from **Joule**'s `x-sort-fields`, `x-filter-fields`, `x-search-fields` when
 * the server says, else guessed from field kinds and DRF's `search` parameter.
 */
import type { FieldKind } from '../descriptor-types';
import type { OperationObject } from '../parse/openapi';
import { SCALAR_KINDS } from './columns';
import type { FieldModel } from './field-model';

const FILTER_KINDS: ReadonlySet<FieldKind> = new Set([
  'choice',
  'boolean',
  'reference',
  'date',
  'integer',
  'decimal',
]);

/** `x-sort-fields`, else every scalar (non-`text`) readable field, id included. */
export function sortFields(list: OperationObject, fields: readonly FieldModel[]): string[] {
  if (list.sortFields !== undefined) return [...list.sortFields];
  return fields.filter((f) => SCALAR_KINDS.has(f.kind) && !f.writeOnly).map((f) => f.name);
}

/** `x-filter-fields`, else readable choice, boolean, reference, date and number fields but id. */
export function filterFields(
  list: OperationObject,
  fields: readonly FieldModel[],
  idField: string,
): string[] {
  if (list.filterFields !== undefined) return [...list.filterFields];
  return fields
    .filter((f) => FILTER_KINDS.has(f.kind) && !f.writeOnly && f.name !== idField)
    .map((f) => f.name);
}

/** Searchable when `x-search-fields` lists any field, or (without it) a `search` parameter exists. */
export function searchable(list: OperationObject): boolean {
  if (list.searchFields !== undefined) return list.searchFields.length > 0;
  return list.parameters.some((p) => p.in === 'query' && p.name === 'search');
}
