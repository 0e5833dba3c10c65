/**
 * CSV export of a list's current query, all pages (issue "The generic runtime", Lists):
 * the same search, filters and sort as on screen, `page_size=9999`, page after page; the
 * shown columns with their labels; choices as their labels, references as the referenced
 * rows' titles. UTF-8 with a byte order mark, so Excel reads Czech diacritics; `;` between
 * fields in Czech (what a Czech Excel expects) and `,` in English. Papa Parse
 * (`papaparse`, loaded only when a person exports) does the quoting.
 */
import type { QueryClient } from '@tanstack/react-query';
import { formatISO } from 'date-fns';
import type { FieldDescriptor, ResourceDescriptor, ResourceRow } from '../descriptor';
import { columnCell, type ColumnCell } from '../registry/overrides';
import type { RequestFn } from '../registry/resource-runtime';
import { columnHeader } from './column-header';
import { fetchAllRows } from './all-rows';
import type { ListState } from './list-query';
import {
  collectReferenceIds,
  embeddedTitles,
  fetchTitles,
  referenceIds,
  type ReferenceTitles,
} from './use-reference-titles';

/** Words and lookups the export needs from the UI language. */
export interface CsvText {
  /** BCP 47 language: `cs` writes decimal commas and `;` separators. */
  readonly locale: string;
  readonly yes: string;
  readonly no: string;
  /** Resolves a message id (labels of columns and choices), `fallback` when unknown. */
  message(id: string, fallback: string): string;
}

function cellText(
  field: FieldDescriptor,
  value: unknown,
  text: CsvText,
  titles: ReferenceTitles,
): string {
  if (value === null || value === undefined) return '';
  if (field.reference) {
    const known = titles[field.reference];
    return referenceIds(value)
      .map((id) => known?.[id] ?? id)
      .join(', ');
  }
  const one = (kind: string, item: unknown): string => {
    if (item === null || item === undefined) return '';
    switch (kind) {
      case 'boolean':
        return item ? text.yes : text.no;
      case 'choice': {
        const choice = field.choices?.find((c) => String(c.value) === String(item));
        return choice ? text.message(choice.label, String(item)) : String(item);
      }
      case 'decimal':
        return text.locale.startsWith('cs') ? String(item).replace('.', ',') : String(item);
      case 'datetime':
        return localDateTime(String(item));
      case 'object':
        return typeof item === 'object' ? JSON.stringify(item) : String(item);
      default:
        return typeof item === 'object' ? JSON.stringify(item) : String(item);
    }
  };
  if (field.kind === 'list' && Array.isArray(value)) {
    return value.map((item) => one(field.itemKind ?? 'string', item)).join(', ');
  }
  return one(field.kind, value);
}

/**
 * An API date-time (ISO 8601, usually UTC `Z`) as ISO 8601 in the browser's local time with
 * its offset (docs/product.md): `2025-12-30T23:00:00Z` → `2025-12-31T00:00:00+01:00` in Prague.
 * A text that is not a date-time comes back unchanged.
 */
export function localDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatISO(date);
}

/**
 * The table of an export as arrays of strings: the header row of the list's column headers
 * (labels with their units, `columnHeader`), then one row per record. A column an override
 * formats (`cells`, e.g. the customers' composed name, docs/product.md) writes what the list shows
 * in it, not the raw field behind it. Dates stay ISO 8601 (`2025-03-05`), which every spreadsheet reads;
 * date-times are ISO 8601 in local time with the offset (`2025-12-31T00:00:00+01:00`).
 */
export function csvTable(
  descriptor: ResourceDescriptor,
  columns: readonly string[],
  rows: readonly ResourceRow[],
  text: CsvText,
  titles: ReferenceTitles = {},
  cells?: Readonly<Record<string, ColumnCell>>,
): string[][] {
  const byName = new Map(descriptor.fields.map((field) => [field.name, field]));
  const message = (id: string, fallback: string) => text.message(id, fallback);
  const shown = columns.flatMap((name) => {
    const field = byName.get(name);
    const custom = columnCell(cells, name, descriptor);
    if (field === undefined && custom === undefined) return [];
    return [{ name, field, custom }];
  });
  return [
    shown.map(({ name, field, custom }) =>
      field === undefined
        ? message(custom?.header ?? name, name)
        : columnHeader(field, message, custom),
    ),
    ...rows.map((row) =>
      shown.map(({ name, field, custom }) =>
        custom !== undefined
          ? custom.format(row, text.locale, descriptor)
          : cellText(field!, row[name], text, titles),
      ),
    ),
  ];
}

/** `customers-2026-11-23.csv`, the date in local time. */
export function csvFileName(resource: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${resource}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** A cell a spreadsheet would take for a formula (but not a plain negative number). */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:[.,]\d+)?$))/;

/** The CSV text (with the byte order mark) of a table. */
export async function toCsv(table: readonly string[][], locale: string): Promise<string> {
  const { unparse } = await import('papaparse');
  const csv = unparse(table as string[][], {
    delimiter: locale.startsWith('cs') ? ';' : ',',
    newline: '\r\n',
    // Cells starting with = + - @ would run as formulas in a spreadsheet: Papa Parse puts a
    // ' before them. Plain negative numbers (-12,50) stay numbers.
    escapeFormulae: FORMULA_START,
  });
  return `\uFEFF${csv}`;
}

/** Everything `exportCsv` reads. */
export interface ExportCsvOptions {
  readonly request: RequestFn;
  readonly client: QueryClient;
  readonly descriptor: ResourceDescriptor;
  readonly descriptorsByName: Readonly<Record<string, ResourceDescriptor>>;
  readonly state: ListState;
  /** The shown columns (field names), in order. */
  readonly columns: readonly string[];
  readonly text: CsvText;
  /** The list's override cells (`ResourceOverride.cells`): their columns export as shown. */
  readonly cells?: Readonly<Record<string, ColumnCell>>;
  readonly signal?: AbortSignal;
  /** The rows to export (a selection), in place of every row of `state`'s query. */
  readonly rows?: readonly ResourceRow[];
}

/**
 * Reads all rows of the list's query, resolves reference titles, and returns the CSV file
 * (`text/csv`, UTF-8 with BOM) and its name.
 *
 * @throws the `ApiError` of a failed read.
 */
export async function exportCsv(options: ExportCsvOptions): Promise<{ file: Blob; name: string }> {
  const { request, client, descriptor, descriptorsByName, state, columns, text, cells, signal } =
    options;
  const rows = options.rows ?? (await fetchAllRows(request, descriptor, state, signal));
  const shown = descriptor.fields.filter((field) => columns.includes(field.name));
  // Titles the server embedded in the rows need no request; the others one per resource.
  const titles: Record<string, Readonly<Record<string, string>>> = embeddedTitles(shown, rows);
  for (const [name, ids] of collectReferenceIds(shown, rows)) {
    const target = descriptorsByName[name];
    if (!target) continue;
    try {
      titles[name] = { ...titles[name], ...(await fetchTitles(client, request, target, ids)) };
    } catch {
      // Titles are a nicety: the export goes on with ids.
    }
  }
  const csv = await toCsv(csvTable(descriptor, columns, rows, text, titles, cells), text.locale);
  return {
    file: new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    name: csvFileName(descriptor.name),
  };
}

/** Offers a file for download (a temporary link clicked). */
export function downloadFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
