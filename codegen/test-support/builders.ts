/** Builders for codegen's table-driven tests: small literals instead of whole documents. */
import { parseSchemaObject, type SchemaObject } from '../parse/openapi';
import { parseOptions, type OptionsField } from '../parse/options';
import type { FieldModel } from '../transform/field-model';

/** A schema object from its JSON form, as a document would carry it. */
export function schema(raw: Record<string, unknown>): SchemaObject {
  return parseSchemaObject(raw);
}

/** An OPTIONS field from its DRF JSON form (`{type, required, read_only, label, …}`). */
export function optionsField(raw: Record<string, unknown>): OptionsField {
  const field = parseOptions({ actions: { POST: { f: raw } } }).post?.get('f');
  if (field === undefined) throw new Error('not an OPTIONS field');
  return field;
}

/** A field model with defaults for everything not given (a writable optional string). */
export function fieldModel(partial: Partial<FieldModel> & Pick<FieldModel, 'name'>): FieldModel {
  return {
    kind: 'string',
    label: `resource.things.field.${partial.name}.label`,
    required: false,
    readOnly: false,
    nullable: false,
    writeOnly: false,
    numeric: false,
    fallbackLabel: partial.name,
    fallbackChoiceNames: new Map(),
    ...partial,
  };
}
