/**
 * Referential checks the engine makes around writes:
 * - on create/update, every referenced id must exist; the rows are locked `FOR KEY SHARE`
 *   so a concurrent delete cannot remove them before the write commits;
 * - on delete, no row of any resource may still reference the row; the caller locks the
 *   row `FOR UPDATE` first, so a concurrent write cannot add a reference unseen.
 * Violations are 400s naming the culprits (to a caller who may read them; others get only
 * their number), never a 500 or a cascade.
 */
import { count, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, type FieldErrors } from '../../http/errors';
import { messages } from '../../i18n/messages';
import { text, type Text } from '../../i18n/text';
import { INT32_MAX } from './codecs';
import type { CompiledField, CompiledResource, ResourceRegistry } from './registry';
import { titleExpression } from './titles';

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

/** Readable titles in both languages (`titles.ts`), `#<id>` when a row has none. */
interface TitlePair {
  readonly en: string;
  readonly cs: string;
}

/**
 * The titles of the rows of `resource` matching `where` (at most `limit`, by id), in both
 * languages, as the API gives them elsewhere (`x_title`, `titles/`): a reading by its
 * device and time, a customer by its whole name, never a bare column or id.
 */
async function readableTitles(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  where: SQL,
  limit: number,
): Promise<TitlePair[]> {
  const table = getTableName(resource.def.table);
  const rows = await db
    .select({
      id: resource.id.column,
      en: titleExpression(resource, table, 'en', registry),
      cs: titleExpression(resource, table, 'cs', registry),
    })
    .from(resource.def.table)
    .where(where)
    .orderBy(resource.id.column)
    .limit(limit);
  return rows.map((row) => ({
    en: row.en ?? `#${String(row.id)}`,
    cs: row.cs ?? `#${String(row.id)}`,
  }));
}

/**
 * Throws a 400 `{"detail": "..."}` naming the rows that still reference row `id` of
 * `resource`, or returns when there are none. Both the row and the referencing rows are
 * named by their readable titles in the message's language (`titles.ts`). Rows of a
 * resource the caller may not read (`disclosure.mayRead`) are only counted, never named: a
 * delete must not leak what the caller cannot list.
 */
export async function assertNotReferenced(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  id: number,
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
    const titles = await readableTitles(db, registry, referrer, where, NAMES_SHOWN);
    const more = n - titles.length;
    uses.push({
      en: `${plural.en.toLowerCase()}: ${titles.map((t) => t.en).join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      cs: `${plural.cs.toLowerCase()}: ${titles.map((t) => t.cs).join(', ')}${more > 0 ? ` a další (${more})` : ''}`,
    });
  }
  if (uses.length === 0) return;
  const [title] = await readableTitles(db, registry, resource, eq(resource.id.column, id), 1);
  const singular = resource.def.labels.singular;
  const detail: Text = text(
    `Cannot delete ${singular.en.toLowerCase()} "${title?.en ?? `#${id}`}" because it is referenced by ${uses.map((use) => use.en).join('; ')}.`,
    `Záznam „${title?.cs ?? `#${id}`}“ (${singular.cs.toLowerCase()}) nelze smazat, protože na něj odkazují: ${uses.map((use) => use.cs).join('; ')}.`,
  );
  throw new ApiError(400, { detail });
}
