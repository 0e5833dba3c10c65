/**
 * What resource definitions use from the engine: the declaration helpers and types, and
 * the parsing helpers extra query parameters need. Everything else is engine-internal.
 */
export { defineResource, idField } from './define';
export { parseBoolean } from './codecs/boolean';
export { fail, ok } from './codecs/codec';
export { parseDateTime } from './codecs/date';
export type {
  AuthorizationContext,
  Choice,
  ChoiceGroup,
  FieldDefinition,
  FieldSection,
  FieldValidator,
  JsonValue,
  Parsed,
  QueryParamDefinition,
  ResourceDefinition,
  ResourceValidator,
  StringField,
  ValidationContext,
  WriteAuthorizer,
} from './types';
export type { UnitBasis, UnitSymbol } from './units';
