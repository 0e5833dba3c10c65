import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ColumnDef } from '@tanstack/react-table';
import type { FieldDescriptor, ResourceDescriptor, ResourceRow } from '../descriptor';
import { messages } from '../messages';
import { useResourceOverride } from '../registry/resource-runtime';
import { columnCell, type ColumnCell } from '../registry/overrides';
import { columnHeader } from './column-header';
import { cellFormatter, createFormatters, type CellText } from './format';
import { referenceIds, useReferenceTitlesContext } from './use-reference-titles';

/** Extra column data the table view reads. */
export interface ColumnMeta {
  readonly field: FieldDescriptor;
}

/**
 * The class of a column's header and cells by its field's kind: `joule-cell-boolean`
 * centres yes/no columns under their headers (docs/product.md: checkbox columns aligned),
 * `joule-cell-number` right-aligns numbers (amounts, kWh) so their digits line up.
 */
export function columnClass(meta: unknown): string | undefined {
  const field = (meta as ColumnMeta | undefined)?.field;
  if (field?.kind === 'boolean') return 'joule-cell-boolean';
  if ((field?.kind === 'decimal' || field?.kind === 'integer') && !field.reference)
    return 'joule-cell-number';
  return undefined;
}

function ReferenceCell({ field, value }: { field: FieldDescriptor; value: unknown }) {
  const titles = useReferenceTitlesContext();
  const known = field.reference ? titles[field.reference] : undefined;
  return referenceIds(value)
    .map((id) => known?.[id] ?? `#${id}`)
    .join(', ');
}

/**
 * TanStack Table columns of a resource, built from `names` (the shown columns, default
 * `descriptor.columns`) in order: header
 * text from the field's label message (raw field name as fallback) with its unit in
 * brackets (`columnHeader`; cells show bare numbers, right-aligned), sorting allowed for
 * `descriptor.sortFields`, cells per field kind. Memoized per descriptor and locale, so
 * the table and its rows keep their identity across list state changes. `extraCells` are
 * laid over the override's cells; one naming no field makes a computed column (unsorted).
 */
export function useResourceColumns(
  descriptor: ResourceDescriptor,
  names: readonly string[] = descriptor.columns,
  extraCells?: Readonly<Record<string, ColumnCell>>,
): ColumnDef<ResourceRow>[] {
  const intl = useIntl();
  const { cells: overrideCells } = useResourceOverride(descriptor);
  const cells = useMemo(
    () => (extraCells ? { ...overrideCells, ...extraCells } : overrideCells),
    [overrideCells, extraCells],
  );
  return useMemo(() => {
    const formatters = createFormatters(intl.locale);
    const text: CellText = {
      yes: intl.formatMessage(messages.yes),
      no: intl.formatMessage(messages.no),
      message: (id, fallback) => intl.formatMessage({ id, defaultMessage: fallback }),
    };
    const byName = new Map(descriptor.fields.map((field) => [field.name, field]));
    return names.flatMap((name): ColumnDef<ResourceRow>[] => {
      const field = byName.get(name);
      if (!field) {
        // A computed column (a cell naming no field): not sortable.
        const computed = columnCell(cells, name, descriptor);
        if (!computed) return [];
        return [
          {
            id: name,
            accessorFn: () => undefined,
            header: intl.formatMessage({ id: computed.header ?? name, defaultMessage: name }),
            enableSorting: false,
            cell: (context) => computed.format(context.row.original, intl.locale, descriptor),
          },
        ];
      }
      const meta: ColumnMeta = { field };
      const custom = columnCell(cells, name, descriptor);
      // The unit once, in the header ("Celkem (Kč)"); the cells show bare numbers.
      const header = columnHeader(field, text.message, custom);
      const enableSorting = descriptor.sortFields.includes(name);
      if (custom) {
        return [
          {
            id: name,
            accessorFn: (row) => row[name],
            header,
            enableSorting,
            meta,
            cell: (context) => custom.format(context.row.original, intl.locale, descriptor),
          },
        ];
      }
      if (field.reference) {
        return [
          {
            id: name,
            accessorFn: (row) => row[name],
            header,
            enableSorting,
            meta,
            cell: (context) => <ReferenceCell field={field} value={context.getValue()} />,
          },
        ];
      }
      const format = cellFormatter(field, formatters, text);
      return [
        {
          id: name,
          accessorFn: (row) => row[name],
          header,
          enableSorting,
          meta,
          cell: (context) => format(context.getValue()),
        },
      ];
    });
  }, [descriptor, names, intl, cells]);
}
