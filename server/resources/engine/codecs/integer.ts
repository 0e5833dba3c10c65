import { messages } from '../../../i18n/messages';
import type { Text } from '../../../i18n/text';
import type { IntegerField, Parsed } from '../types';
import { INT32_MAX, INT32_MIN, MAX_NUMBER_STRING_LENGTH, fail, ok, type FieldCodec } from './codec';

/**
 * Reads a whole number the way DRF's IntegerField does: a JSON integer, or a string of
 * digits optionally followed by `.0`; anything else is "A valid integer is required.".
 */
export function parseInteger(input: unknown): Parsed<number> {
  if (typeof input === 'number') {
    return Number.isSafeInteger(input) ? ok(input) : fail(messages.invalidInteger);
  }
  if (typeof input !== 'string') return fail(messages.invalidInteger);
  if (input.length > MAX_NUMBER_STRING_LENGTH) return fail(messages.stringTooLarge);
  const match = /^\s*([+-]?\d+)(?:\.0*)?\s*$/.exec(input);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) ? ok(value) : fail(messages.invalidInteger);
}

function checkRange(value: number, field: IntegerField): Parsed<number> {
  const errors: Text[] = [];
  const max = field.maxValue ?? INT32_MAX;
  const min = field.minValue ?? INT32_MIN;
  if (value > max) errors.push(messages.maxValue(max));
  if (value < min) errors.push(messages.minValue(min));
  return errors.length > 0 ? fail(...errors) : ok(value);
}

/** `integer` fields (DRF IntegerField); values beyond the column's 32 bits are refused. */
export const integerCodec: FieldCodec<IntegerField> = {
  fromJson(input, field) {
    const parsed = parseInteger(input);
    return parsed.ok ? checkRange(parsed.value, field) : parsed;
  },
  toJson: (stored) => Number(stored),
  fromQuery(query) {
    const parsed = parseInteger(query);
    if (!parsed.ok) return parsed;
    return parsed.value >= INT32_MIN && parsed.value <= INT32_MAX
      ? parsed
      : fail(messages.invalidInteger);
  },
};
