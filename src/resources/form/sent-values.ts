/**
 * What a form sends and what the server made of it (docs/extending.md "What a form sends"):
 * a new row's body holds every field the form shows with the value it shows, and after a
 * save the answer is compared with what was sent.
 */
import type { FieldDescriptor, ResourceRow } from '../descriptor';
import { jsonEqual } from './changed-fields';

type FormData = Readonly<Record<string, unknown>>;

/**
 * The body of a create: each writable field the form shows (`fields`, minus `hidden`) with
 * the value it shows. An untouched checkbox shows unticked and is sent as `false`; an empty
 * optional choice, reference or date of a nullable field shows "—" and is sent as `null`; an
 * empty optional text input of a field that is not nullable is sent as `''` when the schema
 * takes a blank ({@link takesBlank}); an empty input of another kind is left out (the
 * server's own rule, "required" or its default, applies); a hidden field is never sent.
 */
export function createBody(
  fields: readonly FieldDescriptor[],
  writable: readonly string[],
  hidden: ReadonlySet<string>,
  data: FormData,
): Record<string, unknown> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const body: Record<string, unknown> = {};
  for (const name of writable) {
    if (hidden.has(name)) continue;
    const field = byName.get(name);
    const value = data[name];
    if (value !== undefined && value !== null && value !== '') body[name] = value;
    else if (field?.kind === 'boolean') body[name] = value ?? false;
    else if (field?.nullable) body[name] = null;
    else if (field && takesBlank(field)) body[name] = '';
  }
  return body;
}

const TEXT_KINDS: ReadonlySet<FieldDescriptor['kind']> = new Set(['string', 'text', 'email']);

/**
 * True when an optional text field that is not nullable stores a blank: an empty input of it
 * is sent as `''` (DRF's `allow_blank`), unless the schema refuses one (a `minLength`, as
 * drf-spectacular publishes for a field without `allow_blank`, or a `pattern` that `''`
 * does not match): then it is left out and the server's default applies.
 */
export function takesBlank(field: FieldDescriptor): boolean {
  if (!TEXT_KINDS.has(field.kind) || field.required || field.nullable || field.readOnly)
    return false;
  if ((field.minLength ?? 0) > 0) return false;
  if (field.pattern === undefined) return true;
  try {
    return new RegExp(field.pattern, 'u').test('');
  } catch {
    return false;
  }
}

/** True when `stored` is the same value as `sent` for `field` (decimals and instants by value). */
export function sameStored(
  field: FieldDescriptor | undefined,
  sent: unknown,
  stored: unknown,
): boolean {
  if (jsonEqual(sent ?? null, stored ?? null)) return true;
  if (sent === null || sent === undefined || stored === null || stored === undefined) return false;
  if (field?.kind === 'decimal' || field?.kind === 'integer')
    return Number(sent) === Number(stored) && String(sent).trim() !== '';
  if (field?.kind === 'datetime') return Date.parse(String(sent)) === Date.parse(String(stored));
  return false;
}

/**
 * The fields whose value the server stored differently from what was sent (a default it
 * filled in, trimmed spaces, a rounded decimal), with the stored value; empty when the answer
 * is what was sent or the server answered no row.
 */
export function storedDifferently(
  fields: readonly FieldDescriptor[],
  sent: FormData,
  answer: ResourceRow | null,
): Record<string, unknown> {
  if (!answer) return {};
  const byName = new Map(fields.map((field) => [field.name, field]));
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(sent)) {
    if (!(name in answer)) continue;
    if (!sameStored(byName.get(name), value, answer[name])) changed[name] = answer[name];
  }
  return changed;
}
