/**
 * The rjsf schema and uiSchema of a resource's dialog, from the descriptor's `formSchema`
 * and `uiSchema` (codegen writes label ids), completed by the runtime: each field's widget
 * (`FieldDescriptor.widget`, chosen by codegen) and what a hand-written or overridden
 * descriptor leaves out is filled from the field descriptors, and in edit mode read-only
 * fields join the form, disabled.
 */
import type {
  FieldCondition,
  FieldDescriptor,
  JsonSchema,
  ResourceDescriptor,
} from '../descriptor';

/** Create a row or edit an existing one. */
export type FormMode = 'create' | 'edit';

type Mutable = Record<string, unknown>;

/** What the rjsf `Form` gets, plus the fields a save may send. */
export interface FormDefinition {
  readonly schema: JsonSchema;
  readonly uiSchema: JsonSchema;
  /** Writable fields of the form, in schema order: the only keys POST and PATCH send. */
  readonly writableFields: readonly string[];
  /** The descriptor's conditional fields (see {@link hiddenFields}); empty when none. */
  readonly conditions: readonly FieldCondition[];
}

/**
 * A new record's starting values: each writable field's server default (`default`), so the
 * form shows what a save will store (e.g. a choice pre-selected, "active" ticked) instead
 * of an empty input the server silently fills.
 */
export function formDefaults(descriptor: ResourceDescriptor): Readonly<Record<string, unknown>> {
  const writable = new Set(writableFields(descriptor));
  const defaults: Record<string, unknown> = {};
  for (const field of descriptor.fields)
    if (writable.has(field.name) && field.default !== undefined && field.default !== null)
      defaults[field.name] = field.default;
  return defaults;
}

/**
 * The fields `conditions` hide for `data`: each field named by conditions, none of which
 * holds (its deciding field has none of its values), e.g. a company's IČO on a person.
 */
export function hiddenFields(
  conditions: readonly FieldCondition[],
  data: Readonly<Record<string, unknown>>,
): ReadonlySet<string> {
  const shown = new Set<string>();
  const named = new Set<string>();
  for (const condition of conditions) {
    const holds = condition.values.some((value) => value === data[condition.field]);
    for (const name of condition.fields) {
      named.add(name);
      if (holds) shown.add(name);
    }
  }
  return new Set([...named].filter((name) => !shown.has(name)));
}

function asRecord(value: unknown): Mutable {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Mutable) : {};
}

/**
 * The properties of `descriptor.formSchema`: the writable fields (none while the descriptor
 * lacks its form, see `useFormDescriptor`).
 */
export function writableFields(descriptor: ResourceDescriptor): string[] {
  return Object.keys(asRecord(descriptor.formSchema?.properties));
}

/** What an emptied input stores: nothing when required (so "required" is checked), else null or ''. */
function emptyValue(field: FieldDescriptor): unknown {
  if (field.required) return undefined;
  if (field.nullable) return null;
  return field.kind === 'string' || field.kind === 'text' || field.kind === 'email'
    ? ''
    : undefined;
}

/**
 * The property schema of a writable field. An optional text field that stores `''` when
 * emptied (DRF's `allow_blank`, e.g. a report e-mail left out) checks its `format` only on
 * a non-empty value: ajv would otherwise refuse the blank the server itself sends and
 * accepts, and no row with that field blank could be saved.
 */
function writableSchema(field: FieldDescriptor, given: unknown): unknown {
  const schema = asRecord(given);
  if (emptyValue(field) !== '' || typeof schema.format !== 'string') return given;
  const { format, ...rest } = schema;
  return { ...rest, if: { minLength: 1 }, then: { format } };
}

/**
 * `given` with the widget of `field` and of its nested fields (an object's, a list of
 * objects' items) in `ui:widget`, unless `given` names one (an override's).
 */
function withWidgets(field: FieldDescriptor, given: unknown): Mutable {
  const ui = { ...asRecord(given) };
  if (ui['ui:widget'] === undefined && field.widget !== undefined) ui['ui:widget'] = field.widget;
  if (field.fields === undefined) return ui;
  const nested = field.kind === 'list' ? { ...asRecord(ui.items) } : ui;
  for (const sub of field.fields) nested[sub.name] = withWidgets(sub, nested[sub.name]);
  if (field.kind === 'list') ui.items = nested;
  return ui;
}

function fieldUi(field: FieldDescriptor, given: unknown): Mutable {
  const ui = withWidgets(field, given);
  const options = asRecord(ui['ui:options']);
  const defaults: Mutable = {
    labelId: field.label,
    reference: field.reference,
    titleField: field.titleField,
    choices: field.choices,
    decimalPlaces: field.decimalPlaces,
    emptyValue: emptyValue(field),
    unit: field.unit,
    unitLabel: field.unitLabel,
    section: field.section,
  };
  const merged: Mutable = { ...options };
  for (const [key, value] of Object.entries(defaults)) {
    if (!(key in merged) && value !== undefined) merged[key] = value;
  }
  ui['ui:options'] = merged;
  return ui;
}

/** A JSON Schema type for a read-only value; never validated beyond its type. */
function readOnlySchema(field: FieldDescriptor): JsonSchema {
  const type: Record<string, string> = {
    boolean: 'boolean',
    integer: 'integer',
    reference: 'integer',
    list: 'array',
    object: 'object',
  };
  const base = field.kind === 'decimal' ? ['string', 'number'] : [type[field.kind] ?? 'string'];
  return { type: [...base, 'null'], readOnly: true };
}

/**
 * Builds the dialog's form. In `edit` mode read-only fields (except the id) follow the
 * writable ones, disabled; in `create` mode only writable fields appear. The submit
 * button is left to the dialog footer.
 */
export function buildForm(descriptor: ResourceDescriptor, mode: FormMode): FormDefinition {
  const schema: Mutable = { type: 'object', ...descriptor.formSchema };
  const properties: Mutable = { ...asRecord(schema.properties) };
  const uiSchema: Mutable = { ...descriptor.uiSchema };
  const writable = Object.keys(properties);
  const byName = new Map(descriptor.fields.map((field) => [field.name, field]));
  for (const name of writable) {
    const field = byName.get(name);
    if (!field) continue;
    properties[name] = writableSchema(field, properties[name]);
    uiSchema[name] = fieldUi(field, uiSchema[name]);
  }
  if (mode === 'edit') {
    const shown = descriptor.fields.filter(
      (field) => field.readOnly && field.name !== descriptor.idField && !(field.name in properties),
    );
    for (const field of shown) {
      properties[field.name] = readOnlySchema(field);
      uiSchema[field.name] = fieldUi(field, uiSchema[field.name]);
    }
    const order = uiSchema['ui:order'];
    if (Array.isArray(order))
      uiSchema['ui:order'] = [...order, ...shown.map((field) => field.name)];
  }
  schema.properties = properties;
  uiSchema['ui:submitButtonOptions'] = { norender: true };
  // The root's layout (templates.tsx): its sections; fields name theirs in ui:options.
  uiSchema['ui:options'] = {
    ...asRecord(uiSchema['ui:options']),
    formRoot: true,
    ...(descriptor.sections && descriptor.sections.length > 0
      ? { sections: descriptor.sections }
      : {}),
  };
  return { schema, uiSchema, writableFields: writable, conditions: descriptor.conditions ?? [] };
}
