/**
 * Domain rules shared by the resource definitions and by billing's supplier settings: field
 * validators (OBIS, MAC, IČO, DIČ, ZIP, EAN) and resource validators (validity periods,
 * ranges). Every message exists in English and Czech.
 */
import type { FieldErrors } from '../http/errors';
import { messages } from '../i18n/messages';
import { text, type Text } from '../i18n/text';
import { parseDateTime } from './engine';
import type { FieldValidator, ResourceValidator, ValidationContext } from './engine';

/** The value a write leaves in `field`: the new one when sent, else the stored one. */
export function resulting(context: ValidationContext, field: string): unknown {
  return field in context.values ? context.values[field] : context.existing?.[field];
}

/** A validator failing with `message` when `test` rejects a non-null value. */
export function check(test: (value: string) => boolean, message: Text): FieldValidator {
  return (value) =>
    value === null || value === undefined || value === '' || test(String(value))
      ? undefined
      : message;
}

export const VALID_TO_BEFORE_FROM = text(
  'The end of validity must not be before its start.',
  'Konec platnosti nesmí být před jejím začátkem.',
);

export const VALID_TO_NOT_AFTER_FROM = text(
  'The end of validity must be after its start.',
  'Konec platnosti musí být až po jejím začátku.',
);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A validity bound as a point in time: a `Date` (a parsed or stored date-time) or an ISO
 * date-time string, in epoch milliseconds; undefined for anything else (empty, a date).
 */
function instant(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== 'string' || DATE_ONLY.test(value)) return undefined;
  const parsed = parseDateTime(value);
  return parsed.ok ? parsed.value.getTime() : undefined;
}

/**
 * A validity period's end against its start, when both are set (an empty end is open):
 * - dates (`YYYY-MM-DD`, whole days, both inclusive): `valid_to` not before `valid_from`, so
 *   a period of one day has `valid_to` = `valid_from`;
 * - date-times (instants): `valid_to` strictly after `valid_from` (an empty interval is no
 *   validity); values compare as instants, whatever offset they were written with.
 * The error goes to `to` (docs/architecture.md: date-times used to pass unchecked).
 */
export function validityRule(from = 'valid_from', to = 'valid_to'): ResourceValidator {
  return (context) => {
    const start = resulting(context, from);
    const end = resulting(context, to);
    if (typeof start === 'string' && typeof end === 'string') {
      if (DATE_ONLY.test(start) && DATE_ONLY.test(end))
        return end < start ? { [to]: [VALID_TO_BEFORE_FROM] } : undefined;
    }
    const startAt = instant(start);
    const endAt = instant(end);
    if (startAt !== undefined && endAt !== undefined && endAt <= startAt)
      return { [to]: [VALID_TO_NOT_AFTER_FROM] };
    return undefined;
  };
}

export const RANGE_REVERSED = text(
  'The upper bound must not be lower than the lower bound.',
  'Horní mez nesmí být nižší než dolní mez.',
);

/** Each `[from, to]` pair of numbers: `to` ≥ `from` when both are set. */
export function rangeRule(pairs: readonly (readonly [string, string])[]): ResourceValidator {
  return (context) => {
    const errors: FieldErrors = {};
    for (const [from, to] of pairs) {
      const low = resulting(context, from);
      const high = resulting(context, to);
      if (low !== null && low !== undefined && high !== null && high !== undefined)
        if (Number(high) < Number(low)) errors[to] = [RANGE_REVERSED];
    }
    return Object.keys(errors).length > 0 ? errors : undefined;
  };
}

/** Runs several resource validators and merges their errors. */
export function allRules(...rules: readonly ResourceValidator[]): ResourceValidator {
  return async (context) => {
    const errors: FieldErrors = {};
    for (const rule of rules) {
      const found = await rule(context);
      for (const [field, list] of Object.entries(found ?? {}))
        errors[field] = [...(errors[field] ?? []), ...list];
    }
    return Object.keys(errors).length > 0 ? errors : undefined;
  };
}

/** OBIS in the short (`1.8.1`) or full (`1-0:1.8.1*255`) standard notation. */
export const OBIS_PATTERN = /^(?:\d{1,3}-\d{1,3}:)?\d{1,3}\.\d{1,3}\.\d{1,3}(?:\*\d{1,3})?$/;
export const obisValidator = check(
  (value) => OBIS_PATTERN.test(value),
  text(
    'Enter an OBIS code in the standard notation, e.g. 1.8.1 or 1-0:1.8.1*255.',
    'Zadejte OBIS kód ve standardním zápisu, např. 1.8.1 nebo 1-0:1.8.1*255.',
  ),
);

/** A MAC address: six hex pairs separated by `:` or `-`. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/;
export const macValidator = check(
  (value) => MAC_PATTERN.test(value),
  text(
    'Enter a valid MAC address, e.g. 00:1A:2B:3C:4D:5E.',
    'Zadejte platnou MAC adresu, např. 00:1A:2B:3C:4D:5E.',
  ),
);

/** True for a Czech company ID (IČO): 8 digits, the last a mod-11 check digit. */
export function isValidIco(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(value[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(value[7]);
}

/** The check digit completing the first 7 digits of an IČO. */
export function icoCheckDigit(first7: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (8 - i);
  return (11 - (sum % 11)) % 10;
}

export const icoValidator = check(
  isValidIco,
  text(
    'Enter a valid company ID (IČO): 8 digits with a valid check digit.',
    'Zadejte platné IČO: 8 číslic s platnou kontrolní číslicí.',
  ),
);

export const dicValidator = check(
  (value) => /^CZ\d{8,10}$/.test(value),
  text(
    'Enter a valid VAT number (DIČ): CZ followed by 8 to 10 digits.',
    'Zadejte platné DIČ: CZ a za ním 8 až 10 číslic.',
  ),
);

export const zipValidator = check(
  (value) => /^\d{3} ?\d{2}$/.test(value),
  text('Enter a Czech postal code: 5 digits, e.g. 110 00.', 'Zadejte PSČ: 5 číslic, např. 110 00.'),
);

/**
 * A phone number: E.164 (`+`, then 8–15 digits, the first not 0, single spaces allowed
 * between digits: `+420 777 123 456`, `+420777123456`) or a Czech national number of 9
 * digits, optionally grouped by three (`777 123 456`). Plain ECMA-262 without flags, so it
 * is also the OpenAPI / JSON Schema `pattern` the SPA's form checks before sending.
 */
export const PHONE_PATTERN = /^(?:\+[1-9](?: ?\d){7,14}|\d{3} ?\d{3} ?\d{3})$/;

/** The `pattern` of a phone field (StringField), with its 400 message. */
export const phonePattern = { regex: PHONE_PATTERN, message: messages.invalidPhone } as const;

/** True for 18 digits whose last is the GS1 check digit of the first 17. */
export function isValidEan18(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  return gs1CheckDigit(value.slice(0, 17)) === Number(value[17]);
}

/** GS1 check digit of `digits` (weights 3,1,3,… from the right). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const fromRight = digits.length - i;
    sum += Number(digits[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const eanValidator = check(
  isValidEan18,
  text(
    'Enter a valid EAN: 18 digits with a valid GS1 check digit.',
    'Zadejte platný EAN: 18 číslic s platnou kontrolní číslicí GS1.',
  ),
);
