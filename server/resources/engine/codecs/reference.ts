import { messages } from '../../../i18n/messages';
import type { Parsed, ReferenceField, ReferenceListField } from '../types';
import { fail, ok, pythonTypeName, type FieldCodec } from './codec';
import { parseInteger } from './integer';

/**
 * Reads a primary key as DRF's PrimaryKeyRelatedField does. Whether the row exists is
 * checked later, against the database, in the write's transaction (`references.ts`).
 */
export function parsePk(input: unknown): Parsed<number> {
  if (typeof input === 'boolean' || typeof input === 'object' || input === undefined) {
    return fail(messages.pkIncorrectType(pythonTypeName(input)));
  }
  const parsed = parseInteger(input);
  return parsed.ok ? parsed : fail(messages.pkIncorrectType(pythonTypeName(input)));
}

/** `field` (foreign key) fields: the referenced row's id. */
export const referenceCodec: FieldCodec<ReferenceField> = {
  fromJson: (input) => parsePk(input),
  toJson: (stored) => Number(stored),
  fromQuery: (query) => parsePk(query),
};

/**
 * `list` of references (DRF ManyRelatedField): a JSON list of ids, stored sorted and
 * without duplicates. Errors name the first bad item, as DRF does.
 */
export const referenceListCodec: FieldCodec<ReferenceListField> = {
  fromJson(input, field) {
    if (!Array.isArray(input)) return fail(messages.notAList(pythonTypeName(input)));
    if (input.length === 0 && field.allowEmpty === false) return fail(messages.emptyList);
    const ids = new Set<number>();
    for (const item of input) {
      const parsed = parsePk(item);
      if (!parsed.ok) return parsed;
      ids.add(parsed.value);
    }
    return ok([...ids].sort((a, b) => a - b));
  },
  toJson: (stored) => (Array.isArray(stored) ? stored.map(Number) : []),
  fromQuery: (query) => parsePk(query),
};
