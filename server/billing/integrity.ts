/**
 * What an issued invoice was computed from stays as it was (docs/billing.md "Integrity"): a
 * reading, a specification or a tariff that the bill of an issued (not cancelled) invoice
 * read cannot be created, changed or deleted in a way that would change that bill. Each
 * function here answers the issued invoice such a change would alter, or undefined; the
 * resource declarations refuse the change with {@link invoiceConflict} (409), the bulk
 * readings import refuses the row.
 *
 * What a bill reads (`load.ts`): of each point of the contract, the specifications (not
 * cancelled) overlapping the period; of the contract's product, the tariffs of those
 * specifications' distribution rates overlapping it; of each specification's device, the
 * readings from the last one before the period's first instant to the first one after its
 * end (local midnights in Europe/Prague), both included.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { dateText } from '../i18n/format';
import { text, type Text } from '../i18n/text';
import { addDays } from './dates';

/** An issued invoice a change would alter. */
export interface IssuedInvoice {
  readonly id: number;
  readonly number: string;
  readonly contractNo: string;
  /** The period `[from, to)`, ISO dates. */
  readonly from: string;
  readonly to: string;
}

/** What a change touches, for the refusal's wording. */
export type ProtectedKind = 'reading' | 'specification' | 'tariff';

const WHAT: Record<ProtectedKind, Text> = {
  reading: text('this reading', 'tohoto odečtu'),
  specification: text('this specification', 'této specifikace'),
  tariff: text('this tariff', 'tohoto tarifu'),
};

/**
 * The refusal of a change that would alter `invoice`, naming it by number, contract and
 * period (inclusive, in each language's date format): 409 `{"detail": …, "invoice": id}`.
 */
export function invoiceConflict(kind: ProtectedKind, invoice: IssuedInvoice): ApiError {
  const first = dateText(invoice.from);
  const last = dateText(addDays(invoice.to, -1));
  const what = WHAT[kind];
  return new ApiError(409, {
    detail: text(
      `Invoice ${invoice.number} (${invoice.contractNo}, ${first.en} – ${last.en}) was computed from ${what.en}: while it stands, the change cannot be made. To correct the invoice, cancel it and bill the period again.`,
      `Z ${what.cs} byla spočtena faktura ${invoice.number} (${invoice.contractNo}, ${first.cs} – ${last.cs}): dokud platí, změnu nelze provést. Fakturu opravíte jejím stornem a novým vyfakturováním období.`,
    ),
    invoice: invoice.id,
  });
}

interface InvoiceRow {
  id: unknown;
  number: unknown;
  contract_no: unknown;
  period_from: unknown;
  period_to: unknown;
}

const INVOICE_COLUMNS = sql.raw(`i.id, i.number, c.contract_no,
  to_char(i.period_from, 'YYYY-MM-DD') as period_from,
  to_char(i.period_to, 'YYYY-MM-DD') as period_to`);

function invoiceOf(row: InvoiceRow): IssuedInvoice {
  return {
    id: Number(row.id),
    number: String(row.number),
    contractNo: String(row.contract_no),
    from: String(row.period_from),
    to: String(row.period_to),
  };
}

async function first(db: Database, query: SQL): Promise<IssuedInvoice | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: InvoiceRow[] };
  const row = result.rows[0];
  return row ? invoiceOf(row) : undefined;
}

/** An instant's window of readings that an issued invoice read, per device. */
export interface ReadingWindow extends IssuedInvoice {
  readonly device: number;
  /** First and last instant of the readings read (epoch ms), both included. */
  readonly lo: number;
  readonly hi: number;
}

/**
 * For each of `devices`, the windows of readings issued invoices read (see the module
 * comment), in one statement.
 */
export async function readingWindows(
  db: Database,
  devices: readonly number[],
): Promise<ReadingWindow[]> {
  if (devices.length === 0) return [];
  const result = (await db.execute(sql`
    with w as (
      select distinct s.tariff_device_id as device, ${INVOICE_COLUMNS},
        (i.period_from::timestamp at time zone 'Europe/Prague') as lo_at,
        (i.period_to::timestamp at time zone 'Europe/Prague') as hi_at
      from invoices i
      join contracts c on c.id = i.contract_id
      join points p on p.contract_id = i.contract_id
      join specifications s on s.point_id = p.id and s.state <> 'cancelled'
        and s.valid_from < i.period_to
        and (s.valid_to is null or s.valid_to >= i.period_from)
      where i.state = 'issued'
        and s.tariff_device_id = any(${sql.param([...devices])}::integer[]))
    select w.*,
      coalesce((select max(m.timestamp_received) from measurements m
        where m.tariff_device_id = w.device and m.timestamp_received < w.lo_at), w.lo_at) as lo,
      coalesce((select min(m.timestamp_received) from measurements m
        where m.tariff_device_id = w.device and m.timestamp_received > w.hi_at), w.hi_at) as hi
    from w order by w.id`)) as unknown as {
    rows: (InvoiceRow & { device: unknown; lo: unknown; hi: unknown })[];
  };
  const ms = (value: unknown) =>
    value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
  return result.rows.map((row) => ({
    ...invoiceOf(row),
    device: Number(row.device),
    lo: ms(row.lo),
    hi: ms(row.hi),
  }));
}

/** The window of `windows` holding a reading of `device` at `at`, if any. */
export function windowHolding(
  windows: readonly ReadingWindow[],
  device: number,
  at: Date,
): ReadingWindow | undefined {
  const time = at.getTime();
  return windows.find(
    (window) => window.device === device && window.lo <= time && time <= window.hi,
  );
}

/**
 * The issued invoice that read (or, for a new one, would read) a reading of `device` at
 * `at`, if any.
 */
export async function invoiceOfReading(
  db: Database,
  device: number,
  at: Date,
): Promise<IssuedInvoice | undefined> {
  return windowHolding(await readingWindows(db, [device]), device, at);
}

/**
 * The issued invoice of `point`'s contract whose period overlaps the days `from`–`to`
 * (inclusive; `to` null: open), if any: it read the specifications of those days.
 */
export async function invoiceOfSpecification(
  db: Database,
  point: number,
  from: string,
  to: string | null,
): Promise<IssuedInvoice | undefined> {
  return first(
    db,
    sql`select ${INVOICE_COLUMNS}
      from invoices i
      join contracts c on c.id = i.contract_id
      join points p on p.contract_id = i.contract_id
      where p.id = ${point} and i.state = 'issued'
        and i.period_from <= coalesce(${to}::date, 'infinity'::date)
        and i.period_to > ${from}::date
      order by i.period_from, i.id limit 1`,
  );
}

/**
 * The issued invoice that read a tariff of `product` for distribution rate `code` valid
 * `from`–`to` (inclusive; `to` null: open), if any: an invoice of a contract of that
 * product whose period overlaps those days and has a point with a specification of that
 * rate in it.
 */
export async function invoiceOfTariff(
  db: Database,
  product: number,
  code: string,
  from: string,
  to: string | null,
): Promise<IssuedInvoice | undefined> {
  return first(
    db,
    sql`select ${INVOICE_COLUMNS}
      from invoices i
      join contracts c on c.id = i.contract_id
      where c.product_id = ${product} and i.state = 'issued'
        and i.period_from <= coalesce(${to}::date, 'infinity'::date)
        and i.period_to > ${from}::date
        and exists (select 1 from points p
          join specifications s on s.point_id = p.id and s.state <> 'cancelled'
          where p.contract_id = i.contract_id and s.distribution_tariff_code = ${code}
            and s.valid_from < i.period_to
            and (s.valid_to is null or s.valid_to >= i.period_from))
      order by i.period_from, i.id limit 1`,
  );
}
