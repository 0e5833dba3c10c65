/**
 * `POST /api/v1/measurements/bulk/` (**Joule**): ingest up to {@link MAX_BULK_READINGS}
 * meter readings in one request, as collectors deliver them and as the SPA's "Import
 * readings" sends a file in chunks (docs/product.md).
 *
 * - Body: a JSON array of readings shaped as for `POST /measurements/` (`timestamp_received`,
 *   `obis_181`, `obis_182`, `obis_280`; registers in kWh), each naming its device by exactly
 *   one of `tariff_device` (id), `serial_number` (the device's) or `ean` (the EAN of the
 *   consumption point the device is on at the reading's time: the point's specification in
 *   force on that day in {@link SUPPLY_TIME_ZONE}). Not an array, or more than the maximum →
 *   400 `non_field_errors`. A row with none of the three is refused as before
 *   (`tariff_device` required), so existing clients see no change.
 * - Each row passes the single-create rules: field checks, an existing device, not in the
 *   future, registers never decreasing along time for a device (against stored readings and
 *   the other rows of the request, taken in time order), and not among the readings an
 *   issued invoice was billed from (docs/billing.md "Integrity").
 * - Idempotent on (device, timestamp): a row equal to a stored reading (or to an earlier row
 *   of the request) is counted as `unchanged`, not an error; a different one at the same
 *   instant is refused.
 * - Answer 200 `{"created": n, "unchanged": n, "failed": n, "errors": {"<row index>":
 *   {"field": ["message"]}}, "to_check": {"<row index>": ["why"]}}`: each row is judged on
 *   its own; the good rows are stored even when others are refused (what an import needs: a
 *   file is never all or nothing). A created reading whose consumption since the previous
 *   one is implausible is stored flagged `to_check` (docs/billing.md "Readings to check").
 * - `?validate=1`: a dry run, the same answer with nothing stored (the import's preview).
 *
 * The work is a fixed number of statements whatever the size: one look-up of the serial
 * numbers and one of the EANs (when rows use them), one lock of the devices (`for no key
 * update`, as `lockParent` takes it for single writes, in id order), one query for the
 * neighbouring stored readings, and one statement inserting the readings and their audit
 * rows from arrays (`unnest`), all in one transaction.
 */
import Decimal from 'decimal.js';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { tariffDevices } from '../../db/schema';
import { ValidationError, addError, type FieldErrors } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { lastParam, queryParams } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { localize, text, type LocalizableJson, type Text } from '../../i18n/text';
import { countReadings } from '../../metrics';
import {
  fuseOn,
  fuseSpans,
  implausibility,
  medianDailyKwhs,
  reasonText as plausibilityText,
} from '../plausibility';
import { JWT_SECURITY, jsonResponse, ref, type JsonObject } from '../../openapi/types';
import { invoiceConflict, readingWindows, windowHolding } from '../../billing';
import { DUPLICATE, IN_FUTURE, REGISTERS, higherThanAfter, lowerThanBefore } from '../definitions';
import { auditChanges, type AuditActor } from '../engine';
import { pythonTypeName } from '../engine';
import { formatDecimal } from '../engine';
import type { CompiledField, ResourceRegistry } from '../engine';
import type { Row } from '../engine';
import { parseBody } from '../engine';

/** Most readings one bulk request may carry. */
export const MAX_BULK_READINGS = 10_000;

/**
 * The time zone whose calendar day decides which specification of a consumption point is in
 * force at a reading's instant (specifications are valid from / to calendar days; the
 * supplier is Czech).
 */
export const SUPPLY_TIME_ZONE = 'Europe/Prague';

/** Body limit of the bulk URL: 10,000 generously formatted readings. */
const BODY_LIMIT = 16 * 1024 * 1024;

/** The resource the bulk ingest writes to. */
const RESOURCE = 'measurements';

/** The fields that may name a reading's device; exactly one per row. */
const SERIAL = 'serial_number';
const EAN = 'ean';

/** One reading after its field checks. */
interface Reading {
  readonly index: number;
  device: number;
  readonly at: Date;
  /** `obis_181`, `obis_182`, `obis_280` as decimal strings (kWh). */
  readonly registers: readonly [string, string, string];
}

/** A reading whose device is still to be found by serial number or EAN. */
interface Pending {
  readonly reading: Reading;
  readonly by: typeof SERIAL | typeof EAN;
  readonly key: string;
}

/** A stored reading. */
interface Stored {
  readonly device: number;
  readonly at: number;
  readonly registers: readonly [string, string, string];
}

/** What the bulk ingest answers. */
export interface BulkAnswer {
  readonly created: number;
  readonly unchanged: number;
  readonly failed: number;
  /** Field errors by row index (as a string key). */
  readonly errors: Record<string, FieldErrors>;
  /**
   * The created readings flagged "to check" (docs/billing.md "Readings to check"): why, by
   * row index (as a string key).
   */
  readonly to_check: Record<string, Text[]>;
}

/** The readings' flag field (docs/billing.md "Readings to check"). */
const TO_CHECK = 'to_check';

/** Thrown to roll a dry run's transaction back once its answer is known. */
class DryRunDone extends Error {
  constructor(readonly created: number) {
    super('dry run');
  }
}

/**
 * Why each of `accepted` is implausible after its predecessor (`predecessors`, by row
 * index), by row index; only the flagged ones. Four statements whatever the number: the
 * medians of each device's year before its earliest new reading, and the fuses of the
 * devices over the new readings' days.
 */
async function judgeReadings(
  tx: Database,
  accepted: readonly Reading[],
  predecessors: ReadonlyMap<number, Stored>,
): Promise<Map<number, Text[]>> {
  const flagged = new Map<number, Text[]>();
  const judged = accepted.filter((reading) => predecessors.has(reading.index));
  if (judged.length === 0) return flagged;
  const earliest = new Map<number, Date>();
  let firstDay = '9999-12-31';
  let lastDay = '0000-01-01';
  const days = new Map<number, string>();
  for (const reading of judged) {
    const before = earliest.get(reading.device);
    if (!before || reading.at < before) earliest.set(reading.device, reading.at);
    const day = supplyDayOf(reading.at, days);
    if (day < firstDay) firstDay = day;
    if (day > lastDay) lastDay = day;
  }
  const devices = [...earliest.keys()];
  const medians = await medianDailyKwhs(
    tx,
    devices.map((device) => ({ device, before: earliest.get(device)! })),
  );
  const medianOf = new Map(devices.map((device, i) => [device, medians[i] ?? null]));
  const spans = await fuseSpans(tx, devices, firstDay, lastDay);
  for (const reading of judged) {
    const previous = predecessors.get(reading.index)!;
    const reasons = implausibility(
      { at: previous.at, high: previous.registers[0], low: previous.registers[1] },
      { at: reading.at.getTime(), high: reading.registers[0], low: reading.registers[1] },
      {
        medianDailyKwh: medianOf.get(reading.device) ?? null,
        fuse: fuseOn(spans.get(reading.device), supplyDayOf(reading.at, days)),
      },
    );
    if (reasons.length > 0) flagged.set(reading.index, reasons.map(plausibilityText));
  }
  return flagged;
}

const TOO_MANY = text(
  `Ensure this list has no more than ${MAX_BULK_READINGS} readings.`,
  `Seznam smí obsahovat nejvýše ${MAX_BULK_READINGS} odečtů.`,
);

/** A row naming its device twice (e.g. by id and by serial number). */
export const ONE_DEVICE = text(
  'Name the device by one of tariff_device, serial_number or ean, not several.',
  'Zařízení určete jen jedním z polí tariff_device, serial_number nebo ean.',
);
/** No tariff device has the row's serial number. */
export const UNKNOWN_SERIAL = text(
  'No tariff device has this serial number.',
  'Žádné tarifní zařízení nemá toto výrobní číslo.',
);
/** No consumption point has the row's EAN. */
export const UNKNOWN_EAN = text(
  'No consumption point has this EAN.',
  'Žádné odběrné místo nemá tento EAN.',
);
/** The point exists, but no device is on it (per its specifications) on `day` (`YYYY-MM-DD`). */
export const noDeviceOnPoint = (day: string): Text =>
  text(
    `No tariff device is on this consumption point on ${day}.`,
    `Na tomto odběrném místě není ${day} žádné tarifní zařízení.`,
  );

/** A time that names no instant, as written (the import's words, in its preview too). */
export const notADateTime = (value: string): Text =>
  text(`“${value}” is not a valid date and time.`, `„${value}“ není platné datum a čas.`);
/** A register that is no number, as written. */
export const notANumber = (value: string): Text =>
  text(`“${value}” is not a number.`, `„${value}“ není číslo.`);
/** Several values of a row missing: one message naming them (`names` in each language). */
export const missingValues = (names: readonly Text[]): Text => {
  const list = (lang: 'en' | 'cs') =>
    new Intl.ListFormat(lang, { type: 'conjunction' }).format(
      names.map((name) => name[lang].toLowerCase()),
    );
  return text(`The row has no ${list('en')}.`, `Řádku chybí ${list('cs')}.`);
};

/** The row's fields judged as one when missing (a short row of a file). */
const ROW_FIELDS = ['timestamp_received', 'obis_181', 'obis_182', 'obis_280'] as const;

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The field errors of a bulk row in a person's words (docs/billing.md "Readings to check"
 * and the import): a time or register that cannot be read names what was written instead of
 * the format's pattern, and two or more missing values are one message naming them.
 */
function humanErrors(
  item: unknown,
  errors: FieldErrors,
  labels: ReadonlyMap<string, Text>,
): FieldErrors {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return errors;
  const row = item as Record<string, unknown>;
  const result: FieldErrors = { ...errors };
  const missing = ROW_FIELDS.filter((name) => isMissing(row[name]));
  if (missing.length >= 2) {
    for (const name of missing) delete result[name];
    result.non_field_errors = [
      ...(result.non_field_errors ?? []),
      missingValues(missing.map((name) => labels.get(name) ?? text(name, name))),
    ];
  }
  const written = (name: string) => String(row[name]).slice(0, 60);
  if (result.timestamp_received && !isMissing(row.timestamp_received))
    result.timestamp_received = result.timestamp_received.map((message) =>
      message === messages.datetimeFormat ? notADateTime(written('timestamp_received')) : message,
    );
  for (const [name] of REGISTERS)
    if (result[name] && !isMissing(row[name]))
      result[name] = result[name]!.map((message) =>
        message === messages.invalidNumber ? notANumber(written(name)) : message,
      );
  return result;
}

/** The calendar day (`YYYY-MM-DD`) of an instant in {@link SUPPLY_TIME_ZONE}. */
const dayParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SUPPLY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const HOUR = 3_600_000;

/** Calendar days by UTC hour: the zone's offsets change only on whole hours. */
function supplyDayOf(at: Date, cache: Map<number, string>): string {
  const hour = Math.floor(at.getTime() / HOUR);
  let day = cache.get(hour);
  if (day === undefined) {
    const parts = Object.fromEntries(
      dayParts.formatToParts(new Date(hour * HOUR)).map((part) => [part.type, part.value]),
    );
    day = `${parts.year}-${parts.month}-${parts.day}`;
    cache.set(hour, day);
  }
  return day;
}

function sameRegisters(a: readonly string[], b: readonly string[]): boolean {
  return a.every((value, i) => new Decimal(value).eq(b[i]!));
}

/** The stored readings around and between each device's new readings. */
async function storedNeighbours(
  db: Database,
  readings: readonly Reading[],
): Promise<Map<number, Stored[]>> {
  const bounds = new Map<number, { lo: Date; hi: Date }>();
  for (const { device, at } of readings) {
    const bound = bounds.get(device);
    if (!bound) bounds.set(device, { lo: at, hi: at });
    else {
      if (at < bound.lo) bound.lo = at;
      if (at > bound.hi) bound.hi = at;
    }
  }
  const byDevice = new Map<number, Stored[]>();
  if (bounds.size === 0) return byDevice;
  const json = JSON.stringify(
    [...bounds].map(([d, { lo, hi }]) => ({ d, lo: lo.toISOString(), hi: hi.toISOString() })),
  );
  const columns = sql.raw(
    'm.tariff_device_id as device, m.timestamp_received as at, m.obis_181::text as a, m.obis_182::text as b, m.obis_280::text as c',
  );
  const result = await db.execute(sql`
    with b as (select * from json_to_recordset(${json}::json) as x(d integer, lo timestamptz, hi timestamptz))
    select ${columns} from b join measurements m
      on m.tariff_device_id = b.d and m.timestamp_received between b.lo and b.hi
    union all
    select p.* from b cross join lateral (
      select ${columns} from measurements m
      where m.tariff_device_id = b.d and m.timestamp_received < b.lo
      order by m.timestamp_received desc limit 1) p
    union all
    select n.* from b cross join lateral (
      select ${columns} from measurements m
      where m.tariff_device_id = b.d and m.timestamp_received > b.hi
      order by m.timestamp_received asc limit 1) n`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  for (const row of rows) {
    const device = Number(row.device);
    const at = row.at instanceof Date ? row.at.getTime() : new Date(String(row.at)).getTime();
    const list = byDevice.get(device) ?? [];
    list.push({ device, at, registers: [String(row.a), String(row.b), String(row.c)] });
    byDevice.set(device, list);
  }
  for (const list of byDevice.values()) list.sort((x, y) => x.at - y.at);
  return byDevice;
}

/**
 * Checks `readings` of one device in time order against its stored readings `stored`
 * (sorted) and each other. Returns the readings to insert; errors and unchanged rows are
 * recorded in `errors` / `unchanged`, and each accepted reading's previous one (stored or
 * of the request) in `predecessors` by row index. Registers compare as exact decimals.
 */
function checkDevice(
  readings: readonly Reading[],
  stored: readonly Stored[],
  errors: Map<number, FieldErrors>,
  unchanged: Set<number>,
  predecessors: Map<number, Stored>,
): Reading[] {
  const sorted = [...readings].sort((x, y) => x.at.getTime() - y.at.getTime() || x.index - y.index);
  const storedAt = new Map(stored.map((row) => [row.at, row]));
  const accepted: Reading[] = [];
  const acceptedAt = new Map<number, Reading>();
  let next = 0; // index in `stored` of the first stored reading after the current instant
  let previous: Stored['registers'] | undefined;
  let previousAt = 0;
  for (const reading of sorted) {
    const at = reading.at.getTime();
    while (next < stored.length && stored[next]!.at <= at) {
      const row = stored[next]!;
      // A stored reading before this one is its predecessor unless an accepted row is later.
      const last = accepted[accepted.length - 1];
      if (!last || last.at.getTime() <= row.at) {
        previous = row.registers;
        previousAt = row.at;
      }
      next += 1;
    }
    const same = storedAt.get(at) ?? acceptedAt.get(at);
    if (same) {
      if (sameRegisters(same.registers, reading.registers)) unchanged.add(reading.index);
      else errors.set(reading.index, { timestamp_received: [DUPLICATE] });
      continue;
    }
    const after = stored[next]?.registers;
    const rowErrors: FieldErrors = {};
    REGISTERS.forEach(([field], i) => {
      const value = new Decimal(reading.registers[i]!);
      if (previous && value.lt(previous[i]!))
        addError(rowErrors, field, lowerThanBefore(previous[i]!));
      else if (after && value.gt(after[i]!)) addError(rowErrors, field, higherThanAfter(after[i]!));
    });
    if (Object.keys(rowErrors).length > 0) {
      errors.set(reading.index, rowErrors);
      continue;
    }
    if (previous)
      predecessors.set(reading.index, {
        device: reading.device,
        at: previousAt,
        registers: previous,
      });
    accepted.push(reading);
    acceptedAt.set(at, reading);
    previous = reading.registers;
    previousAt = at;
  }
  return accepted;
}

/** The serial number and EAN fields the bulk rows are checked with (as the resources'). */
interface Identifiers {
  readonly serial?: CompiledField;
  readonly ean?: CompiledField;
}

function identifierFields(registry: ResourceRegistry): Identifiers {
  const field = (resource: string, name: string) =>
    registry
      .all()
      .find((candidate) => candidate.name === resource)
      ?.byName.get(name);
  return { serial: field('tariffdevices', SERIAL), ean: field('points', EAN) };
}

/**
 * How row `item` names its device: `pk` (by `tariff_device`, also when it names none: the
 * field check then says it is required), or by serial number / EAN with the value checked
 * as the device's / point's field is. Throws {@link ValidationError} for a row naming it
 * twice or a bad value.
 */
function identify(
  item: unknown,
  fields: Identifiers,
): { readonly by: 'pk' } | { readonly by: typeof SERIAL | typeof EAN; readonly key: string } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return { by: 'pk' };
  const row = item as Record<string, unknown>;
  const given = (['tariff_device', SERIAL, EAN] as const).filter(
    (name) => Object.hasOwn(row, name) && row[name] !== undefined,
  );
  if (given.length > 1) throw new ValidationError({ non_field_errors: [ONE_DEVICE] });
  const by = given[0];
  if (by !== SERIAL && by !== EAN) return { by: 'pk' };
  const field = by === SERIAL ? fields.serial : fields.ean;
  // Without the devices or points resource there is nothing to look the value up in.
  if (!field) throw new ValidationError({ [by]: [by === SERIAL ? UNKNOWN_SERIAL : UNKNOWN_EAN] });
  const raw = row[by];
  if (raw === null) throw new ValidationError({ [by]: [messages.notNull] });
  const parsed = field.codec.fromJson(raw, field.def);
  if (!parsed.ok) throw new ValidationError({ [by]: [...parsed.errors] });
  const problems = (field.def.validators ?? [])
    .map((validator) => validator(parsed.value))
    .filter((message): message is Text => message !== undefined);
  if (problems.length > 0) throw new ValidationError({ [by]: problems });
  return { by, key: String(parsed.value) };
}

/** The decimal places of a register field (kWh to the Wh: 3). */
function places(field: CompiledField): number {
  return field.def.type === 'decimal' ? field.def.decimalPlaces : 3;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Sets the device of each pending reading found by serial number or by its point's EAN on
 * its day; records an error for the others. Returns the readings whose device was found.
 */
async function resolveDevices(
  db: Database,
  pending: readonly Pending[],
  errors: Map<number, FieldErrors>,
): Promise<Reading[]> {
  if (pending.length === 0) return [];
  const serials = [...new Set(pending.filter((p) => p.by === SERIAL).map((p) => p.key))];
  const bySerial = new Map<string, number>();
  if (serials.length > 0) {
    const found = await db.execute(sql`
      select serial_number, id from tariff_devices
      where serial_number = any(${sql.param(serials)}::text[])`);
    for (const row of rowsOf(found)) bySerial.set(String(row.serial_number), Number(row.id));
  }
  // EAN and day → the device on that point that day (null: none), by distinct pair.
  const days = new Map<number, string>();
  const dayOf = new Map<Pending, string>();
  const pairs = new Map<string, readonly [string, string]>();
  for (const item of pending) {
    if (item.by !== EAN) continue;
    const day = supplyDayOf(item.reading.at, days);
    dayOf.set(item, day);
    pairs.set(`${item.key} ${day}`, [item.key, day]);
  }
  const byEanDay = new Map<string, number | null>();
  if (pairs.size > 0) {
    const list = [...pairs.values()];
    const found = await db.execute(sql`
      select x.ean, x.day::text as day, s.device
      from unnest(${sql.param(list.map(([ean]) => ean))}::text[],
                  ${sql.param(list.map(([, day]) => day))}::date[]) as x(ean, day)
      join points p on p.ean = x.ean
      left join lateral (
        select s.tariff_device_id as device from specifications s
        where s.point_id = p.id and s.valid_from <= x.day
          and (s.valid_to is null or s.valid_to >= x.day)
        order by s.valid_from desc limit 1) s on true`);
    for (const row of rowsOf(found))
      byEanDay.set(
        `${String(row.ean)} ${String(row.day)}`,
        row.device == null ? null : Number(row.device),
      );
  }
  const resolved: Reading[] = [];
  for (const item of pending) {
    const { reading } = item;
    if (item.by === SERIAL) {
      const device = bySerial.get(item.key);
      if (device === undefined) errors.set(reading.index, { [SERIAL]: [UNKNOWN_SERIAL] });
      else resolved.push(Object.assign(reading, { device }));
      continue;
    }
    const day = dayOf.get(item)!;
    const device = byEanDay.get(`${item.key} ${day}`);
    if (device === undefined) errors.set(reading.index, { [EAN]: [UNKNOWN_EAN] });
    else if (device === null) errors.set(reading.index, { [EAN]: [noDeviceOnPoint(day)] });
    else resolved.push(Object.assign(reading, { device }));
  }
  return resolved;
}

/**
 * Inserts `accepted` and one audit row per created reading (the same record a single create
 * writes: `auditChanges` of the stored values) in one statement; returns how many were
 * created.
 */
async function insertReadings(
  tx: Database,
  registry: ResourceRegistry,
  accepted: readonly Reading[],
  actor: AuditActor | null,
  flagged: ReadonlyMap<number, unknown>,
): Promise<number> {
  const resource = registry.get(RESOURCE);
  const key = (name: string) => resource.byName.get(name)!.columnKey;
  const [deviceKey, atKey] = [key('tariff_device'), key('timestamp_received')];
  const registerKeys = REGISTERS.map(([field]) => key(field));
  const checkKey = resource.byName.get(TO_CHECK)?.columnKey;
  const changes = accepted.map((reading) => {
    const row: Row = Object.fromEntries([
      [deviceKey, reading.device],
      [atKey, reading.at],
      ...registerKeys.map((name, i) => [name, reading.registers[i]]),
      ...(checkKey ? [[checkKey, flagged.has(reading.index)]] : []),
    ]);
    return JSON.stringify(auditChanges(resource, undefined, row));
  });
  const column = (pick: (reading: Reading) => unknown) => sql.param(accepted.map(pick));
  const result = await tx.execute(sql`
    with x as (
      select * from unnest(${column((r) => r.device)}::integer[],
        ${column((r) => r.at.toISOString())}::timestamptz[],
        ${column((r) => r.registers[0])}::numeric[], ${column((r) => r.registers[1])}::numeric[],
        ${column((r) => r.registers[2])}::numeric[], ${sql.param(changes)}::jsonb[],
        ${column((r) => flagged.has(r.index))}::boolean[])
        as x(d, t, a, b, c, changes, to_check)),
    created as (
      insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182,
        obis_280, to_check)
      select d, t, a, b, c, to_check from x
      on conflict (tariff_device_id, timestamp_received) do nothing
      returning id, tariff_device_id, timestamp_received),
    audited as (
      insert into ${auditLog} (resource, row_id, action, user_id, user_email, changes)
      select ${resource.name}, created.id, 'create', ${actor?.id ?? null}::integer,
        ${actor?.email ?? null}::varchar, x.changes
      from created join x on x.d = created.tariff_device_id and x.t = created.timestamp_received
      returning 1)
    select (select count(*) from created)::integer as created,
      (select count(*) from audited)::integer as audited`);
  // One audit row per created reading, as for a single create: each reading has its own
  // history (who imported it, when, with which values), set-based in the same statement.
  return Number(rowsOf(result)[0]?.created ?? 0);
}

/**
 * Validates and stores `body`; see the module comment. `actor` is who the audit log
 * records as having created the readings (null: the system). A dry run (`options.dryRun`)
 * answers the same and stores nothing (its transaction is rolled back).
 *
 * @throws {ValidationError} when the body is not a list or longer than {@link MAX_BULK_READINGS}.
 */
export async function ingestReadings(
  db: Database,
  registry: ResourceRegistry,
  body: unknown,
  actor: AuditActor | null = null,
  options: { readonly dryRun?: boolean } = {},
): Promise<BulkAnswer> {
  if (!Array.isArray(body))
    throw new ValidationError({ non_field_errors: [messages.notAList(pythonTypeName(body))] });
  if (body.length > MAX_BULK_READINGS) throw new ValidationError({ non_field_errors: [TOO_MANY] });
  const resource = registry.get(RESOURCE);
  const fields = identifierFields(registry);
  const registerFields = REGISTERS.map(([name]) => resource.byName.get(name)!);
  const labels = new Map(
    ROW_FIELDS.map((name) => [name, resource.byName.get(name)?.def.label ?? text(name, name)]),
  );
  const errors = new Map<number, FieldErrors>();
  const parsed: Reading[] = [];
  const pending: Pending[] = [];
  const now = Date.now();
  body.forEach((item: unknown, index) => {
    try {
      const named = identify(item, fields);
      // A row naming its device otherwise gets a stand-in id for the field checks; the
      // device is looked up below.
      const values = parseBody(
        resource,
        named.by === 'pk' ? item : { ...(item as object), tariff_device: 0 },
        'create',
      );
      const at = values.timestamp_received as Date;
      if (at.getTime() > now) {
        errors.set(index, { timestamp_received: [IN_FUTURE] });
        return;
      }
      const reading: Reading = {
        index,
        device: values.tariff_device as number,
        at,
        // With the field's places (`"20"` → `"20.000"`), as stored and answered.
        registers: registerFields.map((field) =>
          formatDecimal(String(values[field.name]), places(field)),
        ) as unknown as [string, string, string],
      };
      if (named.by === 'pk') parsed.push(reading);
      else pending.push({ reading, by: named.by, key: named.key });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.set(index, humanErrors(item, error.errors, labels));
    }
  });

  const unchanged = new Set<number>();
  const predecessors = new Map<number, Stored>();
  let flagged = new Map<number, Text[]>();
  const stores = async (tx: Database): Promise<number> => {
    parsed.push(...(await resolveDevices(tx, pending, errors)));
    const deviceIds = [...new Set(parsed.map((reading) => reading.device))];
    const found = new Set<number>();
    if (deviceIds.length > 0) {
      // Locking the devices serializes concurrent ingests and single writes of the same
      // meters (the lock `lockParent` takes), so the checks below see every committed reading.
      const rows = await tx
        .select({ id: tariffDevices.id })
        .from(tariffDevices)
        .where(inArray(tariffDevices.id, deviceIds))
        .orderBy(tariffDevices.id)
        .for('no key update');
      for (const row of rows) found.add(row.id);
    }
    const known: Reading[] = [];
    for (const reading of parsed) {
      if (found.has(reading.device)) known.push(reading);
      else
        errors.set(reading.index, {
          tariff_device: [messages.pkDoesNotExist(String(reading.device))],
        });
    }
    const stored = await storedNeighbours(tx, known);
    const byDevice = new Map<number, Reading[]>();
    for (const reading of known) {
      const list = byDevice.get(reading.device) ?? [];
      list.push(reading);
      byDevice.set(reading.device, list);
    }
    const checked: Reading[] = [];
    for (const [device, readings] of byDevice)
      checked.push(
        ...checkDevice(readings, stored.get(device) ?? [], errors, unchanged, predecessors),
      );
    // A new reading among those an issued invoice was billed from would change its bill
    // (docs/billing.md "Integrity"). Dropping one leaves the others' order checks true: a
    // later row was checked against it, and it against the stored one before.
    const windows = await readingWindows(tx, [...new Set(checked.map((r) => r.device))]);
    const accepted = checked.filter((reading) => {
      const window = windowHolding(windows, reading.device, reading.at);
      if (!window) return true;
      const conflict = invoiceConflict('reading', window).body as { detail: Text };
      errors.set(reading.index, { timestamp_received: [conflict.detail] });
      return false;
    });
    if (accepted.length === 0) return 0;
    flagged = await judgeReadings(tx, accepted, predecessors);
    const inserted = await insertReadings(tx, registry, accepted, actor, flagged);
    if (options.dryRun) throw new DryRunDone(inserted);
    return inserted;
  };
  const created = await db.transaction(stores).catch((error: unknown) => {
    if (error instanceof DryRunDone) return error.created;
    throw error;
  });

  if (!options.dryRun) {
    // Counted once committed (docs/operations.md "Metrics"): what a collector or an import sent.
    countReadings('created', created);
    countReadings('unchanged', unchanged.size);
    countReadings('failed', errors.size);
  }
  const sortedErrors = [...errors].sort(([a], [b]) => a - b);
  return {
    created,
    unchanged: unchanged.size,
    failed: errors.size,
    errors: Object.fromEntries(
      sortedErrors.map(([index, fieldErrors]) => [String(index), fieldErrors]),
    ),
    to_check: Object.fromEntries(
      [...flagged].sort(([a], [b]) => a - b).map(([index, reasons]) => [String(index), reasons]),
    ),
  };
}

/** What the bulk route needs from the app. */
export interface BulkRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  readonly prefix: string;
}

/** Registers `POST <prefix>/measurements/bulk/` when the registry serves measurements. */
export function registerMeasurementsBulk(app: FastifyInstance, context: BulkRouteContext): void {
  const { db, registry, auth, prefix } = context;
  if (!registry.all().some((resource) => resource.name === RESOURCE)) return;
  const privilege = registry.get(RESOURCE).def.privilege;
  registerPath(
    app,
    `${prefix}/${RESOURCE}/bulk/`,
    {
      async POST(request, reply) {
        const actor = await auth.authorize(request, privilege);
        const dryRun = ['1', 'true'].includes(lastParam(queryParams(request), 'validate') ?? '');
        const answer = await ingestReadings(db, registry, request.body, actor, { dryRun });
        return reply
          .code(200)
          .send(localize(answer as unknown as LocalizableJson, requestLang(request)));
      },
    },
    {
      bodyLimit: BODY_LIMIT,
      // Up to 16 MiB of JSON: only a user allowed to write readings gets it read and parsed
      // (401 / 403 first, whatever the body). The handler asks again for the principal; a
      // second token check is nothing beside the ingest.
      beforeBody: (request) => auth.authorize(request, privilege),
    },
  );
}

/** `type: string` with the field's length limits, as its resource publishes them. */
function stringLimits(field: CompiledField | undefined): JsonObject {
  const def = field?.def;
  if (def?.type !== 'string') return { type: 'string' };
  return {
    type: 'string',
    ...(def.minLength !== undefined ? { minLength: def.minLength } : {}),
    ...(def.maxLength !== undefined ? { maxLength: def.maxLength } : {}),
  };
}

/**
 * The bulk operation's OpenAPI path and components. `schemas` are the document's
 * components so far: a row's fields are described as in the resource's own component.
 */
export function measurementsBulkOpenApi(
  registry: ResourceRegistry,
  prefix: string,
  schemas: Readonly<Record<string, JsonObject>> = {},
): { paths: Record<string, JsonObject>; schemas: Record<string, JsonObject> } {
  if (!registry.all().some((resource) => resource.name === RESOURCE))
    return { paths: {}, schemas: {} };
  const resource = registry.get(RESOURCE);
  const component = schemas[resource.def.component] as
    { properties?: Record<string, JsonObject> } | undefined;
  const property = (name: string): JsonObject => component?.properties?.[name] ?? {};
  const fieldErrors = {
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  };
  const { serial, ean } = identifierFields(registry);
  return {
    paths: {
      [`${prefix}/${RESOURCE}/bulk/`]: {
        post: {
          operationId: `${RESOURCE}_bulk_create`,
          description:
            `Stores up to ${MAX_BULK_READINGS} readings. Each row names its device by ` +
            'exactly one of tariff_device, serial_number or ean. Idempotent on ' +
            '(device, timestamp_received): a reading already stored with the same values ' +
            'counts as unchanged. Each row is judged on its own: rows failing the rules are ' +
            'reported by index in `errors` and the others are stored.',
          tags: [RESOURCE],
          parameters: [
            {
              name: 'validate',
              in: 'query',
              required: false,
              description:
                'Joule dry run: 1 judges every row as the import would (refusals and readings to check) and stores nothing.',
              schema: { type: 'integer', enum: [1] },
            },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: ref('MeasurementBulkItem'),
                  maxItems: MAX_BULK_READINGS,
                },
              },
            },
            required: true,
          },
          security: JWT_SECURITY,
          'x-privilege': resource.def.privilege,
          responses: { '200': jsonResponse('MeasurementBulkResult') },
        },
      },
    },
    schemas: {
      MeasurementBulkItem: {
        type: 'object',
        description:
          'A reading for the bulk ingest: the fields of a Measurement, with the device ' +
          'named by exactly one of tariff_device, serial_number and ean.',
        properties: {
          tariff_device: property('tariff_device'),
          serial_number: {
            ...stringLimits(serial),
            description: "The device's serial number.",
          },
          ean: {
            ...stringLimits(ean),
            description:
              'EAN of the consumption point the device is on: the device of the ' +
              `specification in force on the reading's day (${SUPPLY_TIME_ZONE}).`,
          },
          timestamp_received: property('timestamp_received'),
          ...Object.fromEntries(REGISTERS.map(([field]) => [field, property(field)])),
        },
        required: ['obis_181', 'obis_182', 'obis_280', 'timestamp_received'],
      },
      MeasurementBulkResult: {
        type: 'object',
        properties: {
          created: { type: 'integer', description: 'Readings stored by this request.' },
          unchanged: {
            type: 'integer',
            description: 'Readings already stored with the same values (not an error).',
          },
          failed: { type: 'integer', description: 'Readings refused; see errors.' },
          errors: {
            type: 'object',
            description: 'Field errors of each refused reading, keyed by its index in the body.',
            additionalProperties: fieldErrors,
          },
          to_check: {
            type: 'object',
            description:
              'Created readings flagged to check (implausible consumption since the previous reading), keyed by index in the body: why.',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        required: ['created', 'errors', 'failed', 'to_check', 'unchanged'],
      },
    },
  };
}
