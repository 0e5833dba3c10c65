/**
 * The engine's public surface: what resource definitions use (the declaration helpers and
 * types, the parsing helpers extra query parameters need), and what the app, the OpenAPI
 * document, the bulk readings and the auth routes build on (routes, registry, audit,
 * OpenAPI parts, codecs' checks). Everything else is engine-internal.
 */
export { defineResource, idField } from './define';
export {
  INT32_MAX,
  fail,
  formatDecimal,
  isEmailAddress,
  ok,
  parseBoolean,
  parseDateTime,
  pythonTypeName,
} from './codecs';
export type {
  AuthorizationContext,
  BulkActionDefinition,
  BulkRowContext,
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
  WriteGuard,
} from './types';
export type { UnitBasis, UnitSymbol } from './units';
export { SECRET_MARKER, auditChanges, recordAudit } from './audit';
export type { AuditActor, AuditChanges } from './audit';
export { bulkPaths, bulkSchemas, MAX_BULK_ROWS } from './bulk';
export { defaultsPaths } from './defaults';
export { historyPaths, historySchemas } from './history';
export { AUDIT_PRIVILEGE, auditPaths, registerAuditRoute } from './audit-route';
export { resourcePaths, resourceSchemas } from './openapi';
export { EnumComponents } from './openapi-enums';
export { ResourceRegistry } from './registry';
export type { CompiledField } from './registry';
export { registerResourceRoutes } from './routes';
export { installRowCounts } from './row-counts';
export type { Row } from './serialize';
export { serializeRow } from './serialize';
export { titlesPaths, titlesSchemas } from './titles';
export type { DecimalField } from './types';
export { parseBody } from './validate';
