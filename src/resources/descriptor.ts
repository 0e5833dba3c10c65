/**
 * The descriptor types the runtime reads, from one place so the import path changes in
 * one file only (docs/architecture.md "The layers").
 */
export type {
  ChoiceDescriptor,
  FieldCondition,
  FieldDescriptor,
  FieldKind,
  JsonSchema,
  ResourceDescriptor,
  ResourceForm,
} from '../generated/descriptor-types';

/** One row of a resource as the API sends it (docs/api.md "Resources"). */
export type ResourceRow = Readonly<Record<string, unknown>>;

/** A row's id as it appears in URLs (`/customers/12/`). */
export type RowId = string | number;
