import { messages } from '../../../i18n/messages';
import type { DecimalField, Parsed } from '../types';
import { MAX_NUMBER_STRING_LENGTH, fail, ok, type FieldCodec } from './codec';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** A decimal number split into sign, whole digits (no leading zeros) and fraction digits. */
interface DecimalParts {
  readonly negative: boolean;
  readonly whole: string;
  readonly fraction: string;
}

function splitDecimal(input: unknown): DecimalParts | undefined {
  let source: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return undefined;
    source = String(input);
  } else if (typeof input === 'string') {
    source = input.trim();
  } else {
    return undefined;
  }
  const match = DECIMAL.exec(source); // refuses exponents, NaN and Infinity
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  return {
    negative: match[1] === '-',
    whole: match[2]!.replace(/^0+/, ''),
    fraction: match[3] ?? '',
  };
}

/** `value` (a decimal string) with exactly `places` fraction digits, e.g. `"1234.50"`. */
export function formatDecimal(value: string, places: number): string {
  const parts = splitDecimal(value);
  if (!parts) return value;
  const fraction = parts.fraction.padEnd(places, '0').slice(0, places);
  const whole = parts.whole === '' ? '0' : parts.whole;
  const negative = parts.negative && /[1-9]/.test(whole + fraction);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

function parseDecimal(input: unknown): Parsed<DecimalParts> {
  if (typeof input === 'string' && input.length > MAX_NUMBER_STRING_LENGTH) {
    return fail(messages.stringTooLarge);
  }
  const parts = splitDecimal(input);
  return parts ? ok(parts) : fail(messages.invalidNumber);
}

function toText(parts: DecimalParts): string {
  return `${parts.negative ? '-' : ''}${parts.whole || '0'}${parts.fraction ? `.${parts.fraction}` : ''}`;
}

/**
 * `decimal` fields (DRF DecimalField with COERCE_DECIMAL_TO_STRING): accepts a JSON number
 * or a numeric string, checks digits like DRF's `validate_precision`, stores the decimal
 * text (PostgreSQL `numeric` keeps it exact) and answers with fixed places.
 */
export const decimalCodec: FieldCodec<DecimalField> = {
  fromJson(input, field) {
    const parsed = parseDecimal(input);
    if (!parsed.ok) return parsed;
    const { whole, fraction } = parsed.value;
    const maxWhole = field.maxDigits - field.decimalPlaces;
    if (whole.length + fraction.length > field.maxDigits) {
      return fail(messages.maxDigits(field.maxDigits));
    }
    if (fraction.length > field.decimalPlaces) {
      return fail(messages.maxDecimalPlaces(field.decimalPlaces));
    }
    if (whole.length > maxWhole) return fail(messages.maxWholeDigits(maxWhole));
    const text = toText(parsed.value);
    const number = Number(text);
    if (field.maxValue !== undefined && number > field.maxValue) {
      return fail(messages.maxValue(field.maxValue));
    }
    if (field.minValue !== undefined && number < field.minValue) {
      return fail(messages.minValue(field.minValue));
    }
    return ok(text);
  },
  toJson: (stored, field) => formatDecimal(String(stored), field.decimalPlaces),
  fromQuery(query) {
    const parsed = parseDecimal(query);
    return parsed.ok ? ok(toText(parsed.value)) : parsed;
  },
};
