/**
 * The fields that name a row for people (pickers, delete confirmations): an identifier and a
 * name where the resource has them, by docs/product.md §3's field names.
 */
import type { FieldKind } from '../descriptor-types';
import type { FieldModel } from './field-model';

const TITLE_KINDS: ReadonlySet<FieldKind> = new Set([
  'string',
  'text',
  'email',
  'integer',
  'decimal',
  'choice',
]);

/** Identifier fields in priority order; `*_no` (customer_no, contract_no, pod_no) comes first. */
const IDENTIFIERS = ['serial_number', 'code', 'obis', 'ean'];

/** Person or company name parts, shown together (empty parts are skipped by the runtime). */
const NAME_PARTS = ['company_name', 'last_name', 'first_name'];

/**
 * Title fields: the first identifier (`*_no`, `serial_number`, `code`, `obis`, `ean`) followed
 * by the first name (`name`; else `company_name`/`last_name`/`first_name`; else `email`; else
 * `text`). Without either: the first string field, else the id field.
 */
export function titleFields(fields: readonly FieldModel[], idField: string): string[] {
  const usable = fields.filter(
    (f) => !f.writeOnly && TITLE_KINDS.has(f.kind) && f.name !== idField,
  );
  const has = (name: string): boolean => usable.some((f) => f.name === name);
  const identifier =
    usable.find((f) => /^[a-z0-9]+(?:_[a-z0-9]+)*_no$/.test(f.name))?.name ?? IDENTIFIERS.find(has);
  let naming: string[] = [];
  if (has('name')) naming = ['name'];
  else if (NAME_PARTS.some(has)) naming = NAME_PARTS.filter(has);
  else if (has('email')) naming = ['email'];
  else if (has('text')) naming = ['text'];
  const title = [...(identifier === undefined ? [] : [identifier]), ...naming];
  if (title.length > 0) return title;
  const firstString = usable.find((f) => f.kind === 'string' || f.kind === 'email');
  return [firstString?.name ?? idField];
}
