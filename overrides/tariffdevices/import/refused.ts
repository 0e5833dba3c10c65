/**
 * The refused rows of an import as people read them: each reason named by the file's own
 * column, and the table of the download (the row number, the record as written, the
 * reason). Pure functions.
 */
import type { ColumnMapping, ColumnRole } from './mapping';
import type { RefusedRow, RowErrors } from './run-import';

/** The column of the file an API field's error is about. */
const ROLES_OF_FIELD: Readonly<Record<string, readonly ColumnRole[]>> = {
  serial_number: ['serial_number', 'device'],
  ean: ['ean', 'device'],
  tariff_device: ['serial_number', 'ean', 'device'],
  timestamp_received: ['timestamp_received'],
  obis_181: ['obis_181'],
  obis_182: ['obis_182'],
  obis_280: ['obis_280'],
};

/**
 * The name of the column an API field's error is about: its header cell, or (without a
 * header row) `roleLabel` of its role; undefined for `non_field_errors` and unknown fields.
 */
export function columnName(
  field: string,
  mapping: ColumnMapping,
  roleLabel: (role: ColumnRole) => string,
): string | undefined {
  const role = ROLES_OF_FIELD[field]?.find((candidate) => mapping.columns[candidate] !== undefined);
  if (!role) return undefined;
  const index = mapping.columns[role]!;
  const header = mapping.header ? mapping.names[index]?.trim() : undefined;
  return header || roleLabel(role);
}

/** `"Column: message message; other: message"`, the column named as {@link columnName} does. */
export function reasonText(
  errors: RowErrors,
  mapping: ColumnMapping,
  roleLabel: (role: ColumnRole) => string,
): string {
  return Object.entries(errors)
    .map(([field, messages]) => {
      const name = columnName(field, mapping, roleLabel);
      const text = messages.join(' ');
      return name ? `${name}: ${text}` : text;
    })
    .join('; ');
}

/** Words of the download's own columns. */
export interface RefusedTableWords {
  readonly row: string;
  readonly reason: string;
  readonly roleLabel: (role: ColumnRole) => string;
}

/**
 * The download's table: a header (row number, the file's header or the role labels of a
 * file without one, reason), then each refused record as written with its reasons.
 */
export function refusedTable(
  rows: readonly RefusedRow[],
  mapping: ColumnMapping,
  words: RefusedTableWords,
): string[][] {
  const width = Math.max(
    mapping.names.length,
    ...Object.values(mapping.columns).map((index) => index + 1),
    ...rows.map((row) => row.cells.length),
  );
  const names = Array.from({ length: width }, (_, index) => {
    if (mapping.header) return mapping.names[index] ?? '';
    const role = (Object.entries(mapping.columns) as [ColumnRole, number][]).find(
      ([, column]) => column === index,
    )?.[0];
    return role ? words.roleLabel(role) : '';
  });
  return [
    [words.row, ...names, words.reason],
    ...rows.map((row) => [
      String(row.row),
      ...Array.from({ length: width }, (_, index) => row.cells[index] ?? ''),
      reasonText(row.errors, mapping, words.roleLabel),
    ]),
  ];
}
