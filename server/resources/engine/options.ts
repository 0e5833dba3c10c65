/**
 * `OPTIONS` metadata exactly as DRF's SimpleMetadata shapes it (docs/api.md "OPTIONS"):
 * `{name, description, renders, parses, actions}` where `actions.POST` (collection) or
 * `actions.PUT` (item) maps every field to `{type, required, read_only, label, help_text?,
 * min_length?, max_length?, min_value?, max_value?, max_digits?, decimal_places?, child?,
 * choices?}` in DRF's key order, labels in the request's language.
 *
 * Choices of representation (documented for codegen):
 * - A foreign key is `{type: "field"}` without choices (DRF omits related fields' choices).
 * - A list of references (users.roles) is `{type: "list", child: {type: "field",
 *   required: true, read_only: false}}` — DRF's shape for a ListField of
 *   PrimaryKeyRelatedField; the referenced resource is in OpenAPI's `x-reference`.
 * - A `multiple choice` field (roles.privileges) lists its `choices` like a `choice` field.
 * - A read-only choice field (a billing run's `state`) lists its `choices` too, so a client
 *   shows their names in the request's language (DRF leaves them out).
 * - A grouped choice (a privilege's area) adds the **Joule** keys `group` (a stable key) and
 *   `group_name` (its display name) to DRF's `{value, display_name}`.
 * - A number with a unit adds the **Joule** key `unit`: the unit in the request's language
 *   (`Kč/MWh`; OpenAPI `x-unit` has its code, `CZK/MWh`); the `label` does not repeat it.
 * - A field shown in a form section adds the **Joule** keys `section` (a stable key) and
 *   `section_name` (its display name).
 * - Each reference `x` is followed by its read-only embedded title `x_title` (a reference
 *   list by `x_titles`, a list of strings), labelled as the reference.
 * - Beside DRF's `name` (the plural), the **Joule** keys `x-singular` (one row: "Zákazník")
 *   and `x-create` (a new row's dialog and button: "Nový zákazník"), in the request's
 *   language; a client without them falls back to `name`.
 */
import type { Lang } from '../../i18n/text';
import type { CompiledField, CompiledResource } from './registry';
import { isLongText } from './openapi';
import { embeddedTitleName } from './titles';
import { unitCode, unitDisplay } from './units';
import type { JsonValue } from './types';

/** DRF's field info for one field. */
export function fieldInfo(field: CompiledField, lang: Lang): Record<string, JsonValue> {
  const { def } = field;
  const info: Record<string, JsonValue> = {
    type: def.type,
    required: !def.readOnly && (def.required ?? false),
    read_only: def.readOnly ?? false,
    label: def.label[lang],
  };
  if (def.helpText) info.help_text = def.helpText[lang];
  if (def.unit !== undefined) info.unit = unitDisplay(unitCode(def.unit, def.per), lang);
  if (def.section) {
    info.section = def.section.key;
    info.section_name = def.section.label[lang];
  }
  // DRF's `style` of a TextField (docs/extending.md "Long text").
  if (isLongText(field)) info.style = { base_template: 'textarea.html' };
  if (def.type === 'string' || def.type === 'email') {
    if (def.minLength !== undefined) info.min_length = def.minLength;
    if (def.maxLength !== undefined) info.max_length = def.maxLength;
  }
  if (def.type === 'integer' || def.type === 'decimal') {
    if (def.minValue !== undefined) info.min_value = def.minValue;
    if (def.maxValue !== undefined) info.max_value = def.maxValue;
  }
  if (def.type === 'decimal') {
    info.max_digits = def.maxDigits;
    info.decimal_places = def.decimalPlaces;
  }
  if (def.type === 'list') info.child = { type: 'field', required: true, read_only: false };
  // Read-only choices too (DRF leaves them out): a client shows their names in lists.
  if (def.type === 'choice' || def.type === 'multiple choice') {
    info.choices = def.choices.map((choice) => ({
      value: choice.value,
      display_name: choice.label[lang],
      ...(choice.group && { group: choice.group.key, group_name: choice.group.label[lang] }),
    }));
  }
  return info;
}

/**
 * DRF's field info of the read-only embedded title of reference `field` (`titles.ts`): a
 * string, or a list of strings for a reference list; labelled as the reference.
 */
export function titleInfo(field: CompiledField, lang: Lang): Record<string, JsonValue> {
  const info: Record<string, JsonValue> = {
    type: field.def.type === 'list' ? 'list' : 'string',
    required: false,
    read_only: true,
    label: field.def.label[lang],
  };
  if (field.def.type === 'list') info.child = { type: 'string', required: true, read_only: true };
  return info;
}

/**
 * The OPTIONS answer. `writeAction` is `POST` on the collection, `PUT` on an item, or
 * undefined when the caller may not write (then `actions` is left out, as DRF does).
 */
export function optionsMetadata(
  resource: CompiledResource,
  lang: Lang,
  writeAction: 'POST' | 'PUT' | undefined,
): Record<string, JsonValue> {
  const answer: Record<string, JsonValue> = {
    name: resource.def.labels.plural[lang],
    description: resource.def.description?.[lang] ?? '',
    'x-singular': resource.def.labels.singular[lang],
    'x-create': resource.def.labels.create[lang],
    ...(resource.def.bulkActions !== undefined && {
      'x-bulk-actions': Object.entries(resource.def.bulkActions).map(([name, action]) => ({
        name,
        label: action.label[lang],
      })),
    }),
    renders: ['application/json'],
    parses: ['application/json'],
  };
  if (writeAction) {
    const fields: Record<string, JsonValue> = {};
    for (const field of resource.fields) {
      fields[field.name] = fieldInfo(field, lang);
      const title = embeddedTitleName(field);
      if (title !== undefined && field.readable) fields[title] = titleInfo(field, lang);
    }
    answer.actions = { [writeAction]: fields };
  }
  return answer;
}
