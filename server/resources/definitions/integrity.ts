/**
 * The write guards of readings, specifications and tariffs (docs/billing.md "Integrity"):
 * a create, change or deletion that would alter the bill of an issued invoice is refused
 * with a 409 naming the invoice (`billing/integrity.ts`). A change of fields the bill does
 * not read (a specification's distributor, a tariff's price list) passes.
 */
import {
  invoiceConflict,
  invoiceOfReading,
  invoiceOfSpecification,
  invoiceOfTariff,
  type IssuedInvoice,
  type ProtectedKind,
} from '../../billing';
import type { Database } from '../../db/client';
import type { AuthorizationContext, WriteGuard } from '../engine';

type Values = Readonly<Record<string, unknown>>;

/** Two field values as the same stored value (instants by time, decimals by number). */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (typeof a === 'string' && typeof b === 'string' && a !== b) {
    const [x, y] = [Number(a), Number(b)];
    return a.trim() !== '' && b.trim() !== '' && !Number.isNaN(x) && x === y;
  }
  return (a ?? null) === (b ?? null);
}

/** Whether an update changes what the bill reads; `fields` decides which fields count. */
type Touches = (name: string, before: unknown, after: unknown) => boolean;

/** The stored row (`before`) and the row as the write leaves it (`after`), when they bear on a bill. */
function sides(
  context: AuthorizationContext,
  touches: Touches,
): { before?: Values; after?: Values } {
  const { operation, values, existing } = context;
  if (operation === 'create') return { after: values };
  if (operation === 'delete') return { before: existing };
  const touched = Object.entries(values).some(
    ([name, value]) => !same(value, existing?.[name]) && touches(name, existing?.[name], value),
  );
  return touched ? { before: existing, after: { ...existing, ...values } } : {};
}

/** A guard checking the row before and after the write with `find`. */
function guard(
  kind: ProtectedKind,
  touches: Touches,
  find: (db: Database, row: Values) => Promise<IssuedInvoice | undefined>,
): WriteGuard {
  return async (context) => {
    const { before, after } = sides(context, touches);
    for (const row of [before, after]) {
      if (!row) continue;
      const invoice = await find(context.db, row);
      if (invoice) return invoiceConflict(kind, invoice);
    }
    return undefined;
  };
}

const dateOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** A reading: everything it holds is read (its device, instant and registers). */
export const guardReading = guard(
  'reading',
  () => true,
  async (db, row) =>
    typeof row.tariff_device === 'number' && row.timestamp_received instanceof Date
      ? invoiceOfReading(db, row.tariff_device, row.timestamp_received)
      : undefined,
);

/** What the bill reads of a specification (`load.ts`). */
const SPECIFICATION_READ = new Set([
  'point',
  'tariff_device',
  'valid_from',
  'valid_to',
  'distribution_tariff_code',
  'main_fuse',
  'phases',
]);

/**
 * A specification: its point, device, validity, rate, fuse and phases; its state only into
 * or out of `cancelled` (a cancelled one is not read, planned and active alike are).
 */
export const guardSpecification = guard(
  'specification',
  (name, before, after) =>
    SPECIFICATION_READ.has(name) ||
    (name === 'state' && (before === 'cancelled' || after === 'cancelled')),
  async (db, row) =>
    row.state !== 'cancelled' && typeof row.point === 'number' && typeof row.valid_from === 'string'
      ? invoiceOfSpecification(db, row.point, row.valid_from, dateOrNull(row.valid_to))
      : undefined,
);

/** A tariff: everything but the price list it belongs to. */
export const guardTariff = guard(
  'tariff',
  (name) => name !== 'price_list',
  async (db, row) =>
    typeof row.product === 'number' &&
    typeof row.code === 'string' &&
    typeof row.valid_from === 'string'
      ? invoiceOfTariff(db, row.product, row.code, row.valid_from, dateOrNull(row.valid_to))
      : undefined,
);
