import type { ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';

/** One row of a `ChangeTable`: a field's label and two of its values, as text. */
export interface ChangeRow {
  /** The field's name (the row's key). */
  readonly name: string;
  readonly label: string;
  readonly first: ReactNode;
  readonly second: ReactNode;
}

/**
 * A compact table of fields, each with two values side by side: a save conflict's server
 * and own values (`SaveCallouts`), a history entry's before and after (`HistoryPanel`).
 * `headers` are the three column headers (field, first value, second value).
 */
export function ChangeTable({
  headers: [field, first, second],
  rows,
}: {
  readonly headers: readonly [string, string, string];
  readonly rows: readonly ChangeRow[];
}) {
  return (
    <HTMLTable compact>
      <thead>
        <tr>
          <th scope="col">{field}</th>
          <th scope="col">{first}</th>
          <th scope="col">{second}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.label}</th>
            <td>{row.first}</td>
            <td>{row.second}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
