/**
 * The outcome of an import of a file (docs/extending.md "Overrides"): a message, the counts
 * (created, unchanged, refused, …) large side by side, and a table of the rows worth a look
 * under their heading, with whatever the import adds between heading and table (a note on
 * how many are shown, a download). Each import supplies its counts, columns and rows.
 */
import type { ReactNode } from 'react';
import { Callout, H3, HTMLTable, type Intent } from '@blueprintjs/core';
import { useIntl } from 'react-intl';

/** One count of the outcome. */
export interface ImportCount {
  /** A stable key, also the count's `data-count` attribute (e.g. its message id). */
  readonly id: string;
  readonly label: string;
  readonly value: number;
}

/** One column of the rows' table. */
export interface ImportResultColumn<R> {
  readonly header: string;
  readonly cell: (row: R) => ReactNode;
  /** Right-aligned (amounts). @default false */
  readonly numeric?: boolean;
}

/** Props of `ImportResult`. */
export interface ImportResultProps<R> {
  readonly intent: Intent;
  /** `alert` for a failure. @default 'status' */
  readonly role?: 'status' | 'alert';
  readonly message: ReactNode;
  readonly counts: readonly ImportCount[];
  /** The table's heading and accessible name. */
  readonly rowsTitle: string;
  /** Shown between the heading and the table. */
  readonly beforeRows?: ReactNode;
  readonly columns: readonly ImportResultColumn<R>[];
  /** The rows listed; with none, neither heading nor table shows. */
  readonly rows: readonly R[];
  readonly rowKey: (row: R) => string | number;
  /** `data-*` attributes of a row (e.g. its outcome). */
  readonly rowData?: (row: R) => Readonly<Record<`data-${string}`, string>>;
}

/** See the module comment. */
export function ImportResult<R>({
  intent,
  role = 'status',
  message,
  counts,
  rowsTitle,
  beforeRows,
  columns,
  rows,
  rowKey,
  rowData,
}: ImportResultProps<R>) {
  const intl = useIntl();
  const right = { textAlign: 'right' } as const;
  return (
    <>
      <Callout intent={intent} role={role}>
        {message}
      </Callout>
      <dl
        className="joule-import-counts"
        style={{ display: 'flex', gap: 24, margin: '12px 0', flexWrap: 'wrap' }}
      >
        {counts.map((count) => (
          <div key={count.id}>
            <dt>{count.label}</dt>
            <dd style={{ margin: 0, fontSize: 20, fontWeight: 600 }} data-count={count.id}>
              {intl.formatNumber(count.value)}
            </dd>
          </div>
        ))}
      </dl>
      {rows.length > 0 && (
        <>
          <H3>{rowsTitle}</H3>
          {beforeRows}
          <div style={{ overflowX: 'auto', marginTop: 8 }}>
            <HTMLTable compact striped aria-label={rowsTitle}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" style={column.numeric ? right : undefined}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={rowKey(row)} {...rowData?.(row)}>
                    {columns.map((column) => (
                      <td key={column.header} style={column.numeric ? right : undefined}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </>
  );
}
