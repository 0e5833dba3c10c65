/**
 * How to declare a resource. A definition is plain data plus a few hooks; the engine
 * derives routes, list queries, validation, OPTIONS and OpenAPI from it
 * (`definitions/roles.ts` is a short complete example):
 *
 * ```ts
 * export const fuses = defineResource({
 *   name: 'fuses',                    // URL /api/v1/fuses/, operationIds fuses_list, ...
 *   component: 'Fuse',                // OpenAPI components Fuse, PatchedFuse, PaginatedFuseList
 *   privilege: 'FUSES',               // required for every method (x-privilege)
 *   table: fusesTable,                // Drizzle table (server/db/schema/)
 *   labels: { singular: text('Fuse', 'Jistič'), plural: text('Fuses', 'Jističe'), create: text('New fuse', 'Nový jistič') },
 *   titleField: 'text',
 *   fields: {
 *     id: idField(fusesTable.id),
 *     text: { type: 'string', column: fusesTable.text, label: text('Text', 'Text'),
 *             required: true, maxLength: 100, unique: true },
 *     price_for_every_a: { type: 'decimal', column: fusesTable.priceForEveryA,
 *             label: text('Price per A', 'Cena za A'), maxDigits: 10, decimalPlaces: 2 },
 *   },
 *   searchFields: ['text'],
 *   sortFields: ['id', 'text', 'price_for_every_a'],
 *   filterFields: ['text'],
 *   defaultSort: ['text'],
 * });
 * ```
 *
 * (`defineResource` and `idField` come from `resources/engine`, `text` from `i18n/text`.)
 * Then add it to `definitions/index.ts`, add its table to `db/schema/` and run
 * `npm run db:generate` for the migration. Foreign keys are `{type: 'field', reference:
 * 'customers', ...}`: their ids are checked on write and a referenced row cannot be
 * deleted (400 naming who uses it); declare the database foreign key too
 * (`.references(() => customers.id)`) as the safety net.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { text } from '../../i18n/text';
import type { IntegerField, ResourceDefinition } from './types';

/** Returns `definition` unchanged, typed (the registry checks it at startup). */
export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  return definition;
}

/** The read-only integer `id` every resource has. */
export function idField(column: AnyPgColumn): IntegerField {
  return { type: 'integer', column, label: text('ID', 'ID'), readOnly: true };
}
