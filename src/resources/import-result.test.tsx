/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeRequest, renderWithProviders } from './test-support/render';
import { ImportResult } from './import-result';

const { request } = fakeRequest(() => ({ data: null }));

interface Row {
  readonly n: number;
  readonly amount: string;
  readonly outcome: string;
}

function show(rows: readonly Row[]) {
  return renderWithProviders(
    <ImportResult<Row>
      intent="warning"
      message="Done with refusals."
      counts={[
        { id: 'created', label: 'Created', value: 1200 },
        { id: 'refused', label: 'Refused', value: rows.length },
      ]}
      rowsTitle="Refused rows"
      beforeRows={<p>The first rows.</p>}
      columns={[
        { header: 'Row', cell: (row) => row.n },
        { header: 'Amount', cell: (row) => row.amount, numeric: true },
      ]}
      rows={rows}
      rowKey={(row) => row.n}
      rowData={(row) => ({ 'data-outcome': row.outcome })}
    />,
    { request, locale: 'cs' },
  );
}

describe('ImportResult', () => {
  it('says the outcome, counts in the language’s numbers, and lists the rows under their heading', () => {
    const { container } = show([
      { n: 3, amount: '10,00', outcome: 'refused' },
      { n: 7, amount: '2,50', outcome: 'refused' },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Done with refusals.');
    expect(container.querySelector('[data-count="created"]')?.textContent).toBe('1\u00a0200');
    expect(container.querySelector('[data-count="refused"]')?.textContent).toBe('2');
    expect(screen.getByRole('heading', { name: 'Refused rows' })).toBeTruthy();
    expect(screen.getByText('The first rows.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Refused rows' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['RowAmount', '310,00', '72,50']);
    expect(rows[1]!.getAttribute('data-outcome')).toBe('refused');
    expect((within(rows[1]!).getAllByRole('cell')[1] as HTMLElement).style.textAlign).toBe('right');
  });

  it('shows no heading or table without rows', () => {
    show([]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText('The first rows.')).toBeNull();
  });
});
