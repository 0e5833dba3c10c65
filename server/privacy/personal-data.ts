/**
 * Everything Joule holds about one customer (docs/security.md "Personal data"): the customer,
 * their addresses, contracts, the consumption points of those contracts with their
 * specifications, the readings of the points' devices while the customer's specifications
 * named them, invoices with their lines, payments, incoming bank payments assigned to them,
 * and the audit history of all these rows. Rows are in their API shapes (docs/api.md "Base,
 * format, auth"), so the export reads like the API itself.
 */
import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  addresses,
  auditLog,
  contracts,
  customers,
  incomingPayments,
  invoiceLines,
  invoices,
  measurements,
  payments,
  points,
  specifications,
} from '../db/schema';
import { serializeRow, type JsonValue, type ResourceRegistry, type Row } from '../resources/engine';

/** One audit row of the export's history. */
export interface HistoryRow {
  readonly resource: string;
  readonly row_id: number;
  readonly at: string;
  readonly action: string;
  readonly user: string | null;
  readonly changes: JsonValue;
}

/** The export: each part in the API's wire shapes. */
export interface PersonalData {
  readonly generated_at: string;
  readonly customer: Record<string, JsonValue>;
  readonly addresses: Record<string, JsonValue>[];
  readonly contracts: Record<string, JsonValue>[];
  readonly points: Record<string, JsonValue>[];
  readonly specifications: Record<string, JsonValue>[];
  readonly readings: Record<string, JsonValue>[];
  readonly invoices: (Record<string, JsonValue> & { lines: Record<string, JsonValue>[] })[];
  readonly payments: Record<string, JsonValue>[];
  readonly incoming_payments: Record<string, JsonValue>[];
  readonly history: HistoryRow[];
}

/** The parts of {@link PersonalData} that are lists of rows, in the order they are shown. */
export const PARTS = [
  'addresses',
  'contracts',
  'points',
  'specifications',
  'readings',
  'invoices',
  'payments',
  'incoming_payments',
  'history',
] as const;

/** The ids of `rows`. */
const idsOf = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

/** `column in ids`, false for no ids (drizzle refuses an empty `in`). */
function within(column: Parameters<typeof inArray>[0], ids: readonly number[]): SQL {
  return ids.length > 0 ? inArray(column, [...ids]) : sql`false`;
}

/**
 * Everything held about customer `id`, or undefined when there is none.
 * @param registry the API's resources, for their wire shapes
 */
export async function collectPersonalData(
  db: Database,
  registry: ResourceRegistry,
  id: number,
  now = new Date(),
): Promise<PersonalData | undefined> {
  const wire = (name: string, rows: readonly Row[]) =>
    rows.map((row) => serializeRow(registry.get(name), row));
  const [customer] = await db.select().from(customers).where(eq(customers.id, id));
  if (!customer) return undefined;
  const addressRows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customer, id))
    .orderBy(asc(addresses.id));
  const contractRows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.customer, id))
    .orderBy(asc(contracts.id));
  const contractIds = idsOf(contractRows);
  const pointRows = await db
    .select()
    .from(points)
    .where(within(points.contract, contractIds))
    .orderBy(asc(points.id));
  const pointIds = idsOf(pointRows);
  const specificationRows = await db
    .select()
    .from(specifications)
    .where(within(specifications.point, pointIds))
    .orderBy(asc(specifications.id));
  // The readings of each specification's device while the specification was in force.
  const inForce = specificationRows
    .filter((spec) => spec.tariffDevice !== null)
    .map((spec) =>
      and(
        eq(measurements.tariffDevice, spec.tariffDevice!),
        gte(measurements.timestampReceived, new Date(`${spec.validFrom}T00:00:00Z`)),
        spec.validTo
          ? lt(measurements.timestampReceived, new Date(`${spec.validTo}T23:59:59.999Z`))
          : undefined,
      ),
    );
  const readingRows =
    inForce.length > 0
      ? await db
          .select()
          .from(measurements)
          .where(or(...inForce))
          .orderBy(asc(measurements.tariffDevice), asc(measurements.timestampReceived))
      : [];
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.customer, id))
    .orderBy(asc(invoices.id));
  const invoiceIds = idsOf(invoiceRows);
  const lineRows = await db
    .select()
    .from(invoiceLines)
    .where(within(invoiceLines.invoice, invoiceIds))
    .orderBy(asc(invoiceLines.invoice), asc(invoiceLines.position));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(within(payments.contract, contractIds))
    .orderBy(asc(payments.id));
  const incomingRows = await db
    .select()
    .from(incomingPayments)
    .where(
      or(
        within(incomingPayments.contract, contractIds),
        within(incomingPayments.invoice, invoiceIds),
      ),
    )
    .orderBy(asc(incomingPayments.id));
  const rowsOf: [string, readonly number[]][] = [
    ['customers', [id]],
    ['addresses', idsOf(addressRows)],
    ['contracts', contractIds],
    ['points', pointIds],
    ['specifications', idsOf(specificationRows)],
    ['invoices', invoiceIds],
    ['payments', idsOf(paymentRows)],
    ['incoming-payments', idsOf(incomingRows)],
  ];
  const historyRows = await db
    .select()
    .from(auditLog)
    .where(
      or(
        ...rowsOf.map(([resource, ids]) =>
          and(eq(auditLog.resource, resource), within(auditLog.rowId, ids)),
        ),
      ),
    )
    .orderBy(asc(auditLog.id));
  const invoiceWire = wire('invoices', invoiceRows);
  return {
    generated_at: now.toISOString(),
    customer: wire('customers', [customer])[0]!,
    addresses: wire('addresses', addressRows),
    contracts: wire('contracts', contractRows),
    points: wire('points', pointRows),
    specifications: wire('specifications', specificationRows),
    readings: wire('measurements', readingRows),
    invoices: invoiceWire.map((invoice, index) => ({
      ...invoice,
      lines: lineRows
        .filter((line) => line.invoice === invoiceRows[index]!.id)
        .map((line) => ({
          point: line.point,
          segment_from: line.segmentFrom,
          segment_to: line.segmentTo,
          kind: line.kind,
          quantity: line.quantity,
          unit: line.unit,
          unit_price: line.unitPrice,
          amount: line.amount,
        })),
    })),
    payments: wire('payments', paymentRows),
    incoming_payments: wire('incoming-payments', incomingRows),
    history: historyRows.map((row) => ({
      resource: row.resource,
      row_id: row.rowId,
      at: row.at.toISOString(),
      action: row.action,
      user: row.userEmail,
      changes: row.changes as JsonValue,
    })),
  };
}
