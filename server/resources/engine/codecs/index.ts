/** The codec of each field type. */
import type { FieldDefinition } from '../types';
import { booleanCodec } from './boolean';
import type { FieldCodec } from './codec';
import { choiceCodec, multipleChoiceCodec } from './choice';
import { dateCodec, dateTimeCodec } from './date';
import { decimalCodec } from './decimal';
import { integerCodec } from './integer';
import { referenceCodec, referenceListCodec } from './reference';
import { stringCodec } from './string';

export type { FieldCodec } from './codec';
export { INT32_MAX, fail, ok, pythonTypeName } from './codec';
export { parseBoolean } from './boolean';
export { parseDateTime } from './date';
export { formatDecimal } from './decimal';
export { parseInteger } from './integer';
export { isEmailAddress } from './string';

/** The codec for `field`'s type. */
export function codecFor(field: FieldDefinition): FieldCodec {
  const codecs: {
    [T in FieldDefinition['type']]: FieldCodec<Extract<FieldDefinition, { type: T }>>;
  } = {
    string: stringCodec,
    email: stringCodec,
    integer: integerCodec,
    decimal: decimalCodec,
    boolean: booleanCodec,
    date: dateCodec,
    datetime: dateTimeCodec,
    choice: choiceCodec,
    'multiple choice': multipleChoiceCodec,
    field: referenceCodec,
    list: referenceListCodec,
  };
  // Each codec only ever receives fields of its own type (the lookup key guarantees it).
  return codecs[field.type] as FieldCodec;
}
