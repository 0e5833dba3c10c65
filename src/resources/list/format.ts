/**
 * Cell text per field kind, as plain functions of a locale (no React): dates and numbers
 * localized (`1 234,50` in Czech), booleans and choices through messages.
 */
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../i18n';
import type { FieldDescriptor, FieldKind } from '../descriptor';

/** Locale-bound formatters, created once per locale and shared by every cell. */
export interface Formatters {
  /** `2025-03-05` → `5. 3. 2025` (cs) / `3/5/2025` (en); unparsable input comes back as is. */
  date(value: string): string;
  /** ISO 8601 date-time → local date and time: `31. 12. 2025 0:00` (cs), `12/31/2025, 12:00 AM` (en). */
  datetime(value: string): string;
  /** Decimal string or number → localized, with `places` fraction digits when given. */
  decimal(value: string | number, places?: number): string;
  integer(value: number): string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Builds the formatters of a BCP 47 locale (`cs`, `en`). */
export function createFormatters(locale: string): Formatters {
  const date = new Intl.DateTimeFormat(locale, DATE_FORMAT);
  const datetime = new Intl.DateTimeFormat(locale, DATE_TIME_FORMAT);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimals = new Map<number, Intl.NumberFormat>();
  const decimalFormat = (places: number | undefined) => {
    const key = places ?? -1;
    let format = decimals.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: places ?? 0,
        maximumFractionDigits: places ?? 20,
      });
      decimals.set(key, format);
    }
    return format;
  };
  return {
    date(value) {
      const match = ISO_DATE.exec(value);
      if (!match) return value;
      return date.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    },
    datetime(value) {
      const parsed = new Date(value);
      return Number.isNaN(parsed.getTime()) ? value : datetime.format(parsed);
    },
    decimal(value, places) {
      const text = String(value).trim();
      if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
      // A string keeps every digit (Intl.NumberFormat v3); a number would round big amounts.
      return decimalFormat(places).format(text as `${number}`);
    },
    integer(value) {
      return integer.format(value);
    },
  };
}

/** Words and message lookup a cell needs besides the formatters. */
export interface CellText {
  readonly yes: string;
  readonly no: string;
  /** Resolves a message id, falling back to `fallback` when the catalogue lacks it. */
  message(id: string, fallback: string): string;
}

function scalar(kind: FieldKind, field: FieldDescriptor, f: Formatters, text: CellText) {
  const labels = new Map(
    (field.choices ?? []).map((choice) => [
      String(choice.value),
      text.message(choice.label, String(choice.value)),
    ]),
  );
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    switch (kind) {
      case 'boolean':
        return value ? text.yes : text.no;
      case 'date':
        return f.date(String(value));
      case 'datetime':
        return f.datetime(String(value));
      case 'decimal':
        return typeof value === 'string' || typeof value === 'number'
          ? f.decimal(value, field.decimalPlaces)
          : '';
      case 'integer':
        return typeof value === 'number' ? f.integer(value) : String(value);
      case 'choice':
        return labels.get(String(value)) ?? String(value);
      case 'object':
        return '';
      default:
        return typeof value === 'object' ? '' : String(value);
    }
  };
}

/**
 * The text of one column's cells. References are not resolved here (their titles come
 * from the server, see `use-reference-titles`); a list joins its items with ", ".
 */
export function cellFormatter(
  field: FieldDescriptor,
  formatters: Formatters,
  text: CellText,
): (value: unknown) => string {
  if (field.kind !== 'list') return scalar(field.kind, field, formatters, text);
  const item = scalar(field.itemKind ?? 'string', field, formatters, text);
  return (value) =>
    Array.isArray(value)
      ? value
          .map(item)
          .filter((part) => part !== '')
          .join(', ')
      : '';
}
