/**
 * What the columns of a readings file mean, and how one record becomes a row of
 * `POST /measurements/bulk/` (docs/product.md). Pure functions: no
 * file, no network.
 *
 * A file has a column naming the device (its serial number, or the EAN of the consumption
 * point it is on, or either in one "device" column), the time of the reading and the three
 * registers in kWh (`obis_181` high tariff, `obis_182` low tariff, `obis_280` production).
 * Header names are matched without case, accents and punctuation, in Czech or English
 * (`Výrobní číslo`, `serial_number`, `Čas odečtu`, `1.8.1`, `VT`, …); a file without a header
 * row is read in that order: device, time, HT, LT, production.
 *
 * Values are tidied, not judged: a Czech decimal comma becomes a point, spaces between
 * thousands go, a time without a zone is read in the browser's time zone. Whatever cannot be
 * read that way is sent as written, and the server's refusal (in the user's language) says
 * what is wrong with it: the server is the one judge of a reading.
 */
import type { ApiSchema } from '../../../src/api';

/** The meaning of a column. `device` holds serial numbers and EANs mixed. */
export type ColumnRole =
  'serial_number' | 'ean' | 'device' | 'timestamp_received' | 'obis_181' | 'obis_182' | 'obis_280';

/** What the import needs a column for; one of the device roles is enough. */
export type RequiredRole = 'device' | 'timestamp_received' | 'obis_181' | 'obis_182' | 'obis_280';

/** Roles in the order of a file without a header row. */
export const HEADERLESS_ORDER: readonly ColumnRole[] = [
  'device',
  'timestamp_received',
  'obis_181',
  'obis_182',
  'obis_280',
];

/** The columns of a file. */
export interface ColumnMapping {
  /** Column index (0-based) of each role found. */
  readonly columns: Readonly<Partial<Record<ColumnRole, number>>>;
  /** Whether the first record is a header row (else it is data, in {@link HEADERLESS_ORDER}). */
  readonly header: boolean;
  /** The header row as written (empty without one). */
  readonly names: readonly string[];
  /** What the file lacks: the import cannot start until this is empty. */
  readonly missing: readonly RequiredRole[];
}

/** A row of the bulk request body (`MeasurementBulkItem` of the OpenAPI document). */
export type BulkRow = ApiSchema<'MeasurementBulkItem'>;

/** Longest value sent for one cell: far over any valid value, so the server still refuses it. */
export const MAX_CELL_LENGTH = 200;

/**
 * A header name folded for matching: lower case, no accents, every run of other characters
 * than letters and digits one `_`, and a trailing unit `kwh` dropped (`"Vysoký tarif 1.8.1
 * (kWh)"` → `vysoky_tarif_1_8_1`).
 */
export function foldHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_?kwh$/, '');
}

/** Folded header names of each role (Czech and English, the API's own names first). */
const NAMES: Readonly<Record<ColumnRole, readonly string[]>> = {
  serial_number: [
    'serial_number',
    'serial',
    'serial_no',
    'serialnumber',
    'sn',
    'meter_serial',
    'device_serial',
    'vyrobni_cislo',
    'vyrobni_c',
    'cislo_elektromeru',
    'cislo_zarizeni',
  ],
  ean: ['ean', 'ean_code', 'ean_kod', 'ean_om', 'point_ean', 'ean_odberneho_mista'],
  device: ['device', 'meter', 'zarizeni', 'elektromer', 'meridlo', 'identifier'],
  timestamp_received: [
    'timestamp_received',
    'timestamp',
    'time',
    'datetime',
    'date_time',
    'read_at',
    'received_at',
    'reading_time',
    'date',
    'cas',
    'cas_odectu',
    'datum_a_cas',
    'datum_cas',
    'datum',
    'datum_odectu',
  ],
  obis_181: ['obis_181', 'obis181', '1_8_1', '181', 'ht', 'vt', 'high_tariff', 'vysoky_tarif'],
  obis_182: ['obis_182', 'obis182', '1_8_2', '182', 'lt', 'nt', 'low_tariff', 'nizky_tarif'],
  obis_280: ['obis_280', 'obis280', '2_8_0', '280', 'production', 'vyroba', 'dodavka', 'export'],
};

/** OBIS codes that name a register wherever they stand in a header (`High tariff 1.8.1`). */
const OBIS_IN_NAME: readonly (readonly [RegExp, ColumnRole])[] = [
  [/(^|_)1_8_1(_|$)/, 'obis_181'],
  [/(^|_)1_8_2(_|$)/, 'obis_182'],
  [/(^|_)2_8_0(_|$)/, 'obis_280'],
];

/** The role a header name stands for, or undefined. */
export function roleOfHeader(name: string): ColumnRole | undefined {
  const folded = foldHeader(name);
  if (folded === '') return undefined;
  for (const [role, names] of Object.entries(NAMES) as [ColumnRole, readonly string[]][])
    if (names.includes(folded)) return role;
  return OBIS_IN_NAME.find(([pattern]) => pattern.test(folded))?.[1];
}

function missingRoles(columns: Partial<Record<ColumnRole, number>>): RequiredRole[] {
  const missing: RequiredRole[] = [];
  if (
    columns.serial_number === undefined &&
    columns.ean === undefined &&
    columns.device === undefined
  )
    missing.push('device');
  for (const role of ['timestamp_received', 'obis_181', 'obis_182', 'obis_280'] as const)
    if (columns[role] === undefined) missing.push(role);
  return missing;
}

/**
 * The columns of a file from its first record: a header row when at least two of its cells
 * name a role (the first column of each role counts), else data in {@link HEADERLESS_ORDER}
 * when it has at least that many cells.
 */
export function detectColumns(first: readonly string[]): ColumnMapping {
  const columns: Partial<Record<ColumnRole, number>> = {};
  let named = 0;
  first.forEach((cell, index) => {
    const role = roleOfHeader(cell);
    if (role && columns[role] === undefined) {
      columns[role] = index;
      named += 1;
    }
  });
  if (named >= 2) return { columns, header: true, names: first, missing: missingRoles(columns) };
  const ordered: Partial<Record<ColumnRole, number>> = {};
  HEADERLESS_ORDER.forEach((role, index) => {
    if (index < first.length) ordered[role] = index;
  });
  return { columns: ordered, header: false, names: [], missing: missingRoles(ordered) };
}

/**
 * The delimiter of a file from its first line: `;` when it has one outside quotes (what a
 * Czech Excel writes, with decimal commas), else a tab when it has one, else `,`.
 */
export function detectDelimiter(firstLine: string): ';' | ',' | '\t' {
  let quoted = false;
  let tab = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') return ';';
    else if (!quoted && char === '\t') tab = true;
  }
  return tab ? '\t' : ',';
}

const SPACES = /[\s\u00a0\u202f']/g;
const PLAIN_DECIMAL = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * A register as the API takes it: `"1 234,5"` and `"1234.5"` → `"1234.5"`. Spaces (also
 * no-break and narrow no-break) and `'` between thousands are dropped; one decimal comma or
 * point is accepted. Anything else (`"1,234.5"`, `"12 kWh"`, `""`) comes back as written,
 * trimmed, for the server to refuse.
 */
export function tidyDecimal(text: string): string {
  const compact = text.replace(SPACES, '');
  return PLAIN_DECIMAL.test(compact) ? compact.replace(',', '.') : text.trim();
}

const ISO_ZONED =
  /^\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,6})?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const ISO_LOCAL =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?)?$/;
const CZECH_LOCAL = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `date` (an instant) as ISO 8601 with the browser's offset at that instant. */
function withLocalOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const ms = date.getMilliseconds();
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    (ms ? `.${pad(ms, 3)}` : '') +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** A local date-time, or undefined when the parts name no such moment (31. 2., 24:00). */
function localDate(parts: readonly (string | undefined)[]): Date | undefined {
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts
    .slice(0, 6)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const ms = Math.floor(Number((parts[6] ?? '0').padEnd(6, '0')) / 1000);
  const date = new Date(year!, month! - 1, day, hour, minute, second, ms);
  if (
    date.getFullYear() !== year ||
    date.getMonth() !== month! - 1 ||
    date.getDate() !== day ||
    date.getHours() !== hour ||
    date.getMinutes() !== minute
  )
    return undefined;
  return date;
}

/**
 * A reading's time as the API takes it (ISO 8601 with an offset). Accepted: ISO with a zone
 * (`2025-01-03T06:00:00Z`, `…+01:00`) as written; ISO without one (`2025-01-03 06:00[:00]`,
 * or a bare date: midnight) and the Czech `3. 1. 2025 6:00[:00]` (or `03.01.2025`) in the
 * browser's time zone. Anything else comes back as written, trimmed, for the server to refuse.
 */
export function tidyTimestamp(text: string): string {
  const value = text.trim();
  if (ISO_ZONED.test(value)) return value;
  const iso = ISO_LOCAL.exec(value);
  if (iso) {
    const date = localDate(iso.slice(1));
    return date ? withLocalOffset(date) : value;
  }
  const czech = CZECH_LOCAL.exec(value);
  if (czech) {
    const [, day, month, year, ...time] = czech;
    const date = localDate([year, month, day, ...time]);
    return date ? withLocalOffset(date) : value;
  }
  return value;
}

/** 18 digits: what a device column holding either holds for an EAN. */
const EAN_LIKE = /^\d{18}$/;

function cell(cells: readonly string[], index: number | undefined): string {
  if (index === undefined) return '';
  return (cells[index] ?? '').slice(0, MAX_CELL_LENGTH);
}

/**
 * The bulk row of one data record. The device is named by the serial number column when it
 * has a value, else by the EAN column; a mixed `device` column by EAN when the value is 18
 * digits, else by serial number. A record naming no device sends an empty serial number
 * (refused by the server as blank).
 */
export function toBulkRow(cells: readonly string[], mapping: ColumnMapping): BulkRow {
  const { columns } = mapping;
  const serial = cell(cells, columns.serial_number).trim();
  const ean = cell(cells, columns.ean).trim();
  const either = cell(cells, columns.device).trim();
  const device =
    serial !== ''
      ? { serial_number: serial }
      : ean !== ''
        ? { ean }
        : EAN_LIKE.test(either)
          ? { ean: either }
          : { serial_number: either };
  return {
    ...device,
    timestamp_received: tidyTimestamp(cell(cells, columns.timestamp_received)),
    obis_181: tidyDecimal(cell(cells, columns.obis_181)),
    obis_182: tidyDecimal(cell(cells, columns.obis_182)),
    obis_280: tidyDecimal(cell(cells, columns.obis_280)),
  };
}

/** True for a record with no value at all (a blank line): skipped, not sent. */
export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((value) => value.trim() === '');
}
