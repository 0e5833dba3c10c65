/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeRequest, renderWithProviders } from '../../src/resources/test-support/render';
import { descriptorsByName } from '../../src/generated/descriptors';
import { InvoicePanel, type InvoiceLine } from './invoice-panel';

const line = (id: number, kind: string, label: string, amount: string): InvoiceLine => ({
  id,
  ean: '859182400000000001',
  segment_from: '2026-02-01',
  segment_to: '2026-03-01',
  kind,
  label,
  quantity: '1.500000',
  unit: 'MWh',
  unit_price: '2000.000000',
  amount,
});

/** The lines panel of the invoice `row` (its id, state and number), asking through `request`. */
function renderPanel(
  row: { id: number; state: string; number: string | null },
  request: ReturnType<typeof fakeRequest>['request'],
  locale: 'cs' | 'en',
) {
  renderWithProviders(
    <InvoicePanel descriptor={descriptorsByName.invoices!} id={row.id} row={row} />,
    { request, locale },
  );
}

describe('the invoice dialog panel', () => {
  it('lists the lines and issues a draft once confirmed, naming the number it takes', async () => {
    const { request, calls } = fakeRequest((call) =>
      call.path === '/invoices/'
        ? { data: { count: 1, results: [{ id: 3, number: '2026000001' }] } }
        : call.path.endsWith('/lines/')
          ? {
              data: {
                results: [
                  line(1, 'energy_ht', 'Silová elektřina, VT', '3000.00'),
                  line(2, 'production', 'Výkup výroby', '-150.00'),
                ],
              },
            }
          : { data: { id: 7, state: 'issued', number: '2026000002' } },
    );
    renderPanel({ id: 7, state: 'draft', number: null }, request, 'cs');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Silová elektřina, VT');
    expect(rows[1]!.textContent).toContain('1,500 MWh');
    expect(rows[1]!.textContent).toMatch(/2\s000,00 Kč\/MWh/);
    expect(rows[1]!.textContent).toMatch(/3\s000,00/);
    expect(rows[2]!.textContent).toMatch(/-150,00/);
    // The segment [1 Feb, 1 Mar) from its first to its last day.
    expect(rows[1]!.textContent).toContain('1. 2. 2026 – 28. 2. 2026');
    expect(screen.queryByRole('button', { name: 'Stornovat fakturu' })).toBeNull();
    expect(screen.getByTestId('invoice-state').textContent).toBe('Koncept');
    await userEvent.click(screen.getByRole('button', { name: 'Vystavit' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain(`číslo ${new Date().getFullYear()}000002`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Vystavit' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.path === '/invoices/7/issue/'),
      ).toBe(true),
    );
    expect(calls.some((call) => call.method === 'POST' && call.path === '/invoices/7/issue/')).toBe(
      true,
    ); // The dialog's row is the one read before; the answer moves the actions on.
    expect(await screen.findByRole('button', { name: 'Stornovat fakturu' })).toBeTruthy();
    // The confirmation closes (its own Issue button goes with it).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Vystavit' })).toBeNull());
  });

  it('stays issued when an invoice issued in the dialog is then sent', async () => {
    const { request, calls } = fakeRequest((call) =>
      call.path === '/invoices/'
        ? { data: { count: 0, results: [] } }
        : call.path.endsWith('/lines/')
          ? { data: { results: [] } }
          : call.path.endsWith('/send/')
            ? {
                data: {
                  id: 7,
                  sent: true,
                  sent_at: '2026-03-02T10:00:00Z',
                  sent_to: 'eva@example.cz',
                },
              }
            : { data: { id: 7, state: 'issued', number: '2026000001' } },
    );
    renderPanel({ id: 7, state: 'draft', number: null }, request, 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Issue' }));
    const alert = await screen.findByRole('alertdialog');
    await userEvent.click(within(alert).getByRole('button', { name: 'Issue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    // The send's answer adds to the issue's: the dialog does not fall back to the draft read.
    expect(await screen.findByRole('button', { name: 'Send again' })).toBeTruthy();
    expect(screen.getByTestId('invoice-state').textContent).toBe('Issued');
    expect(screen.getByRole('button', { name: 'Cancel invoice' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/invoices/7/issue/',
      '/invoices/7/send/',
    ]);
  });

  it('cancels an issued invoice only once the user confirms it', async () => {
    const { request, calls } = fakeRequest((call) =>
      call.path.endsWith('/lines/')
        ? { data: { results: [] } }
        : { data: { id: 8, state: 'cancelled', number: '2026000001' } },
    );
    renderPanel({ id: 8, state: 'issued', number: '2026000001' }, request, 'cs');
    const cancels = () => calls.filter((call) => call.method === 'POST').length;
    await userEvent.click(await screen.findByRole('button', { name: 'Stornovat fakturu' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Stornovat fakturu 2026000001?');
    await userEvent.click(within(alert).getByRole('button', { name: 'Ponechat' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancels()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stornovat fakturu' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Stornovat fakturu' }));
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/invoices/8/cancel/'),
    ).toBe(true);
    expect(cancels()).toBe(1);
  });

  it('offers cancelling an issued invoice, and the PDF', async () => {
    const { request } = fakeRequest(() => ({ data: { results: [] } }));
    renderPanel({ id: 8, state: 'issued', number: '2026000001' }, request, 'en');
    expect(await screen.findByText('The invoice has no lines.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel invoice' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.getByTestId('invoice-state').textContent).toBe('Issued');
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull();
  });

  it('writes quantities to 3 decimals and prices to 2 with their units, exactly', async () => {
    const { request } = fakeRequest(() => ({
      data: {
        results: [
          {
            ...line(1, 'energy_ht', 'Energy, high tariff', '12345678901.23'),
            quantity: '123456789012.123456',
            unit_price: '0.000001',
          },
        ],
      },
    }));
    renderPanel({ id: 9, state: 'draft', number: null }, request, 'en');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('123,456,789,012.123 MWh');
    expect(row.textContent).toContain('0.00 CZK/MWh');
    expect(row.textContent).toContain('12,345,678,901.23');
    expect(row.textContent).toContain('2/1/2026 – 2/28/2026');
  });
});
