import { messages } from '../../../i18n/messages';
import type { BooleanField, Parsed } from '../types';
import { fail, ok, type FieldCodec } from './codec';

// DRF BooleanField's TRUE_VALUES / FALSE_VALUES (compared case-insensitively here).
const TRUE_TEXTS = new Set(['t', 'y', 'yes', 'true', 'on', '1']);
const FALSE_TEXTS = new Set(['f', 'n', 'no', 'false', 'off', '0']);

/** Reads a boolean as DRF does: true/false, 1/0 and the usual words. */
export function parseBoolean(input: unknown): Parsed<boolean> {
  if (typeof input === 'boolean') return ok(input);
  if (input === 1 || input === 0) return ok(input === 1);
  if (typeof input === 'string') {
    const lowered = input.trim().toLowerCase();
    if (TRUE_TEXTS.has(lowered)) return ok(true);
    if (FALSE_TEXTS.has(lowered)) return ok(false);
  }
  return fail(messages.invalidBoolean);
}

/** `boolean` fields (DRF BooleanField). */
export const booleanCodec: FieldCodec<BooleanField> = {
  fromJson: (input) => parseBoolean(input),
  toJson: (stored) => Boolean(stored),
  fromQuery: (query) => parseBoolean(query),
};
