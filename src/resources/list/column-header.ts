/**
 * The header text of a list column, shared by the table and the CSV export so both say the
 * same (docs/product.md): the field's label, followed by its unit in brackets when the API
 * declares one ("Celkem (Kč)", "Distribution, high tariff (CZK/MWh)"); the cells then show
 * bare numbers. A column an override formats itself (`ColumnCell`) is headed by the
 * override's header, or the bare label: its cells carry what they need.
 */
import type { FieldDescriptor } from '../descriptor';
import type { ColumnCell } from '../registry/overrides';

/** Resolves a message id, `fallback` when unknown (react-intl's `formatMessage`). */
export type MessageText = (id: string, fallback: string) => string;

/**
 * The display form of `field`'s unit in the UI language (`Kč/MWh`): its `unitLabel`
 * message, else its `x-unit` code; undefined when it has none (a plain DRF back-end).
 */
export function unitText(field: FieldDescriptor, message: MessageText): string | undefined {
  if (field.unit === undefined && field.unitLabel === undefined) return undefined;
  const text =
    field.unitLabel === undefined
      ? field.unit
      : message(field.unitLabel, field.unit ?? '') || field.unit;
  return text === '' ? undefined : text;
}

/** The header of the column of `field` (with `custom`, the override's cell, when it has one). */
export function columnHeader(
  field: FieldDescriptor,
  message: MessageText,
  custom?: ColumnCell,
): string {
  if (custom?.header !== undefined) return message(custom.header, field.name);
  const label = message(field.label, field.name);
  const unit = custom ? undefined : unitText(field, message);
  return unit === undefined ? label : `${label} (${unit})`;
}
