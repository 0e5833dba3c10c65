/**
 * DRF SimpleMetadata answers to `OPTIONS /<resource>/` (docs/api.md "OPTIONS"),
 * parsed into typed, total data. Unknown shapes degrade to "no metadata", never throw.
 */
import {
  asArray,
  asBoolean,
  asNumber,
  asRecord,
  asString,
  isRecord,
  optional,
  type JsonRecord,
} from '../lib/json';
import { namedActions, type NamedAction } from './openapi';

/** One `{value, display_name}` of a DRF choice field. */
export interface OptionsChoice {
  readonly value: string | number;
  readonly displayName: string;
  /** **Joule**: the key of the group the choice is listed under (e.g. a privilege's area). */
  readonly group?: string;
  /** **Joule**: the group's display name in the answer's language. */
  readonly groupName?: string;
}

/** One field of `actions.POST` (DRF `SimpleMetadata.get_field_info`). */
export interface OptionsField {
  /** DRF type string: `string`, `integer`, `decimal`, `choice`, `field` (a foreign key), … */
  readonly type: string;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly label?: string;
  readonly helpText?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minValue?: number;
  readonly maxValue?: number;
  readonly maxDigits?: number;
  readonly decimalPlaces?: number;
  readonly choices?: readonly OptionsChoice[];
  /**
   * DRF's `style` says the string is long text (`{"base_template": "textarea.html"}`, a
   * `TextField`'s, or `{"multiline": true}`), where a back-end's metadata includes it.
   */
  readonly longText?: boolean;
  /** **Joule** `unit`: a number's unit in the answer's language (`Kč/MWh`). */
  readonly unit?: string;
  /** **Joule** `section`: the key of the form section the field is shown in. */
  readonly section?: string;
  /** **Joule** `section_name`: that section's display name. */
  readonly sectionName?: string;
  /** `ListField.child`. */
  readonly child?: OptionsField;
  /** Nested serializer fields, in order. */
  readonly children?: ReadonlyMap<string, OptionsField>;
}

/** A whole OPTIONS answer. */
export interface OptionsMetadata {
  /** View name, e.g. `Customer List` (translated by a Joule server). */
  readonly name?: string;
  readonly description?: string;
  /** **Joule** `x-singular`: what one row is called ("Zákazník"). */
  readonly singular?: string;
  /** **Joule** `x-create`: the title of a new row's dialog and button ("Nový zákazník"). */
  readonly create?: string;
  /** `actions.POST` fields in serializer order; undefined when the caller may not create. */
  readonly post?: ReadonlyMap<string, OptionsField>;
  /** **Joule** `x-bulk-actions`: the declared bulk actions, labels in the answer's language. */
  readonly bulkActions?: readonly NamedAction[];
}

/** Parses one OPTIONS answer (`schema/options/<lang>/<resource>.json`). */
export function parseOptions(raw: unknown): OptionsMetadata {
  const node = asRecord(raw);
  const actions = asRecord(node.actions);
  // DRF fills `actions` from PUT and POST; a list endpoint only has POST, PUT is the same shape.
  const post = actions.POST ?? actions.PUT;
  return {
    ...optional('name', asString(node.name)),
    ...optional('description', asString(node.description)),
    ...optional('singular', nonBlank(asString(node['x-singular']))),
    ...optional('create', nonBlank(asString(node['x-create']))),
    ...optional('post', isRecord(post) ? parseFields(post, 0) : undefined),
    ...optional('bulkActions', namedActions(node['x-bulk-actions'])),
  };
}

function nonBlank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function parseFields(node: JsonRecord, depth: number): ReadonlyMap<string, OptionsField> {
  const fields = new Map<string, OptionsField>();
  for (const [name, value] of Object.entries(node)) {
    if (isRecord(value)) fields.set(name, parseField(value, depth));
  }
  return fields;
}

/** DRF `style` of a multi-line text (docs/extending.md "Long text"). */
function styleIsLongText(style: unknown): boolean {
  if (!isRecord(style)) return false;
  return style.base_template === 'textarea.html' || style.multiline === true;
}

function parseField(node: JsonRecord, depth: number): OptionsField {
  const choices = Array.isArray(node.choices)
    ? asArray(node.choices).flatMap((c): OptionsChoice[] => {
        const choice = asRecord(c);
        const value = choice.value;
        if (typeof value !== 'string' && typeof value !== 'number') return [];
        const group = asString(choice.group);
        const groupName = asString(choice.group_name);
        return [
          {
            value,
            displayName: asString(choice.display_name) ?? String(value),
            ...(group !== undefined &&
              /^[a-z_]+$/.test(group) && { group, groupName: groupName ?? group }),
          },
        ];
      })
    : undefined;
  const deeper = depth < 32;
  return {
    type: asString(node.type) ?? 'field',
    required: asBoolean(node.required) === true,
    readOnly: asBoolean(node.read_only) === true,
    ...optional('label', asString(node.label)),
    ...optional('helpText', asString(node.help_text)),
    ...optional('minLength', asNumber(node.min_length)),
    ...optional('maxLength', asNumber(node.max_length)),
    ...optional('minValue', asNumber(node.min_value)),
    ...optional('maxValue', asNumber(node.max_value)),
    ...optional('maxDigits', asNumber(node.max_digits)),
    ...optional('decimalPlaces', asNumber(node.decimal_places)),
    ...optional('choices', choices),
    ...optional('unit', asString(node.unit)),
    ...optional('longText', styleIsLongText(node.style) || undefined),
    ...optional('section', sectionKey(node.section)),
    ...optional('sectionName', asString(node.section_name)),
    ...optional(
      'child',
      deeper && isRecord(node.child) ? parseField(node.child, depth + 1) : undefined,
    ),
    ...optional(
      'children',
      deeper && isRecord(node.children) ? parseFields(node.children, depth + 1) : undefined,
    ),
  };
}

/** A section key (`[a-z_]+`), else undefined. */
function sectionKey(value: unknown): string | undefined {
  return typeof value === 'string' && /^[a-z_]+$/.test(value) ? value : undefined;
}
