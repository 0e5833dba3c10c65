/**
 * Referential checks the engine makes around writes:
 * - on create/update, every referenced id must exist; the rows are locked `FOR KEY SHARE`
 *   so a concurrent delete cannot remove them before the write commits;
 * - on delete, no row of any resource may still reference the row; the caller locks the
 *   row `FOR UPDATE` first, so a concurrent write cannot add a reference unseen.
 * Violations are 400s naming the culprits (to a caller who may read them; others get only
 * their number), never a 500 or a cascade.
 */
import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, type FieldErrors } from '../../http/errors';
import { messages } from '../../i18n/messages';
import { text, type Text } from '../../i18n/text';
import { INT32_MAX } from './codecs/codec';
import type { CompiledField, CompiledResource, ResourceRegistry } from './registry';

/**
 * Checks that the ids in `values` (field name → parsed value) of reference fields exist.
 * Returns field errors ("Invalid pk "5" - object does not exist.") for those that do not.
 */
export async function checkReferences(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  values: Readonly<Record<string, unknown>>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const field of resource.fields) {
    const value = values[field.name];
    if (value === null || value === undefined) continue;
    let target: string;
    if (field.def.type === 'field') target = field.def.reference;
    else if (field.def.type === 'list') target = field.def.child.reference;
    else continue;
    const ids = (Array.isArray(value) ? value : [value]) as number[];
    if (ids.length === 0) continue;
    const referenced = registry.get(target);
    const candidates = ids.filter((id) => id >= 1 && id <= INT32_MAX);
    const found = new Set<number>();
    if (candidates.length > 0) {
      const rows = await db
        .select({ id: referenced.id.column })
        .from(referenced.def.table)
        .where(inArray(referenced.id.column, candidates))
        .for('key share');
      for (const row of rows) found.add(Number(row.id));
    }
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) errors[field.name] = [messages.pkDoesNotExist(String(missing))];
  }
  return errors;
}

function referencesCondition(field: CompiledField, id: number): SQL {
  return field.def.type === 'list'
    ? sql`${id}::integer = any(${field.column})`
    : eq(field.column, id);
}

const NAMES_SHOWN = 5;

/** What {@link assertNotReferenced} needs to know about the caller. */
export interface ReferenceDisclosure {
  /**
   * True when the caller may read rows of `referrer` (holds its privilege): only then does
   * the message name the referencing rows; otherwise it gives their resource and number.
   */
  readonly mayRead: (referrer: CompiledResource) => boolean;
}

/**
 * Throws a 400 `{"detail": "..."}` naming the rows that still reference row `id` (of
 * `resource`, titled `title`), or returns when there are none. Rows of a resource the
 * caller may not read (`disclosure.mayRead`) are only counted, never named: a delete must
 * not leak what the caller cannot list.
 */
export async function assertNotReferenced(
  db: Database,
  resource: CompiledResource,
  id: number,
  title: string,
  disclosure: ReferenceDisclosure,
): Promise<void> {
  const uses: Text[] = [];
  for (const { resource: referrer, field } of resource.referrers) {
    const where = referencesCondition(field, id);
    const [total] = await db.select({ n: count() }).from(referrer.def.table).where(where);
    const n = Number(total?.n ?? 0);
    if (n === 0) continue;
    const plural = referrer.def.labels.plural;
    if (!disclosure.mayRead(referrer)) {
      uses.push(messages.referencedCount(plural, n));
      continue;
    }
    const rows = await db
      .select({ title: referrer.title.column })
      .from(referrer.def.table)
      .where(where)
      .orderBy(referrer.id.column)
      .limit(NAMES_SHOWN);
    const names = rows.map((row) => String(row.title)).join(', ');
    const more = n - rows.length;
    uses.push({
      en: `${plural.en.toLowerCase()}: ${names}${more > 0 ? ` and ${more} more` : ''}`,
      cs: `${plural.cs.toLowerCase()}: ${names}${more > 0 ? ` a další (${more})` : ''}`,
    });
  }
  if (uses.length === 0) return;
  const singular = resource.def.labels.singular;
  const detail: Text = text(
    `Cannot delete ${singular.en.toLowerCase()} "${title}" because it is referenced by ${uses.map((use) => use.en).join('; ')}.`,
    `Záznam „${title}“ (${singular.cs.toLowerCase()}) nelze smazat, protože na něj odkazují: ${uses.map((use) => use.cs).join('; ')}.`,
  );
  throw new ApiError(400, { detail });
}
