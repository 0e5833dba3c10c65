/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../src/generated/descriptors';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
} from '../../src/resources/test-support/render';
import { BillPreviewPanel } from './bill-preview-panel';

const NBSP = /[\u00a0\u202f]/g;
const text = (element: Element | null) => (element?.textContent ?? '').replace(NBSP, ' ');

/** The worked example of docs/billing.md (server/billing/billing-api.test.ts), two lines of it. */
const bill = (amountDue: string) => ({
  points: [
    {
      point: 10,
      ean: '859182400000000001',
      name: 'Byt',
      segments: [
        {
          from: '2025-01-01',
          to: '2025-02-01',
          tariff_code: 'D02d',
          current_a: 25,
          months: '1',
          start: {
            at: '2024-12-31T23:00:00.000Z',
            obis_181: '1000.000',
            obis_182: '500.000',
            obis_280: '0.000',
            estimated: false,
          },
          end: {
            at: '2025-01-31T23:00:00.000Z',
            obis_181: '1310.000',
            obis_182: '531.000',
            obis_280: '0.000',
            estimated: true,
          },
          lines: [
            {
              kind: 'energy_ht',
              label: 'Energy, high tariff',
              quantity: '0.31',
              unit: 'MWh',
              unit_price: '2000',
              amount: '620.00',
            },
            {
              kind: 'main_fuse',
              label: 'Main fuse',
              quantity: '25',
              unit: 'A·month',
              unit_price: '10',
              amount: '250.00',
            },
          ],
        },
      ],
    },
  ],
  base: '1574.00',
  vat_rate: '21',
  vat: '330.54',
  production: '0.00',
  total: '1904.54',
  advances: '1500.00',
  amount_due: amountDue,
});

function open(answer: () => unknown, locale: 'cs' | 'en' = 'en') {
  const fake = fakeRequest(() => ({ data: answer() }));
  renderWithProviders(
    <BillPreviewPanel descriptor={descriptorsByName.contracts!} id={7} row={{ id: 7 }} />,
    { request: fake.request, locale },
  );
  return fake;
}

/** A range of inclusive days typed into "From" and "To (inclusive)", then the preview asked. */
async function ask(from: string, to: string, button = 'Preview the bill') {
  await userEvent.selectOptions(screen.getByLabelText('Period: period by'), 'range');
  const fromInput = screen.getByLabelText('From');
  const toInput = screen.getByLabelText('To (inclusive)');
  await userEvent.clear(fromInput);
  await userEvent.type(fromInput, from);
  await userEvent.clear(toInput);
  await userEvent.type(toInput, to);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

describe('the bill preview panel', () => {
  // Today is 15 January 2026: the last complete month is December 2025.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 15, 10));
  });
  afterEach(() => vi.useRealTimers());

  it('offers the last complete month at first and asks for it as [from, to)', async () => {
    const { calls } = open(() => bill('404.54'));
    expect((screen.getByLabelText('Period: Month') as HTMLInputElement).value).toBe(
      'December 2025',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview the bill' }));
    await screen.findByTestId('bill');
    expect(calls.at(-1)!.options.query).toEqual({ from: '2025-12-01', to: '2026-01-01' });
  });

  it('takes a month, a quarter and a year from the app pickers', async () => {
    const { calls } = open(() => bill('404.54'));
    const preview = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Preview the bill' }));
      await screen.findByTestId('bill');
      return calls.at(-1)!.options.query;
    };
    const month = screen.getByLabelText('Period: Month');
    await userEvent.clear(month);
    await userEvent.type(month, '2/2024{Tab}');
    expect(await preview()).toEqual({ from: '2024-02-01', to: '2024-03-01' });

    await userEvent.selectOptions(screen.getByLabelText('Period: period by'), 'quarter');
    await userEvent.selectOptions(screen.getByLabelText('Period: Quarter'), '4');
    expect(await preview()).toEqual({ from: '2024-10-01', to: '2025-01-01' });

    await userEvent.selectOptions(screen.getByLabelText('Period: period by'), 'year');
    const year = screen.getByLabelText('Period: Year');
    await userEvent.clear(year);
    await userEvent.type(year, '2025{Tab}');
    expect(await preview()).toEqual({ from: '2025-01-01', to: '2026-01-01' });
  });

  it('asks for the period and shows lines with units, the registers (estimated marked) and totals', async () => {
    const { calls } = open(() => bill('404.54'));
    await ask('2025-01-01', '2025-01-31');
    const shown = await screen.findByTestId('bill');
    expect(calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/contracts/7/bill-preview/',
      options: { query: { from: '2025-01-01', to: '2025-02-01' } },
    });
    expect(text(shown)).toContain('Point 859182400000000001 — Byt');
    expect(text(shown)).toContain('tariff D02d, main fuse 25 A, 1 months');
    const registers = text(shown.querySelector('.joule-bill-registers'));
    expect(registers).toMatch(/^Registers \(kWh\) at 1\/1\/2025 → at 2\/1\/2025 \(estimated\)/);
    expect(registers).toContain('HT 1,000.000 → 1,310.000, LT 500.000 → 531.000');
    const rows = within(shown.querySelector('.joule-bill-lines') as HTMLElement).getAllByRole(
      'row',
    );
    expect(text(rows[1]!)).toBe('Energy, high tariff0.31 MWhCZK 2,000.00CZK 620.00');
    expect(text(rows[2]!)).toBe('Main fuse25 A·monthsCZK 10.00CZK 250.00');
    const totals = text(shown.querySelector('.joule-bill-totals'));
    expect(totals).toContain('Base (without VAT)CZK 1,574.00');
    expect(totals).toContain('VAT 21 %CZK 330.54');
    expect(totals).not.toContain('Production bought');
    expect(text(screen.getByTestId('amount-due'))).toBe('Amount dueCZK 404.54');

    // Another period chosen: the bill of the old one goes until the new one is asked for.
    const fromInput = screen.getByLabelText('From') as HTMLInputElement;
    // Shown as the lists show dates, typed in the language's format.
    expect(fromInput.value).toBe('1/1/2025');
    await userEvent.clear(fromInput);
    await userEvent.type(fromInput, '1/15/2025');
    expect(screen.queryByTestId('bill')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Preview the bill' }));
    expect(await screen.findByTestId('bill')).toBeTruthy();
    expect(calls.at(-1)!.options.query).toEqual({ from: '2025-01-15', to: '2025-02-01' });
  });

  it('calls a negative amount due a refund, in Czech', async () => {
    open(() => bill('-95.46'), 'cs');
    await userEvent.click(screen.getByRole('button', { name: 'Zobrazit náhled' }));
    expect(text(await screen.findByTestId('amount-due'))).toBe('Přeplatek95,46 Kč');
  });

  it('lists the reasons a contract cannot be billed, points and meters linked', async () => {
    open(() =>
      apiError(422, {
        detail: 'The contract cannot be billed for this period.',
        reasons: [
          {
            code: 'no_reading_after',
            point_id: 10,
            point_title: '859182400000000001 – Byt',
            device_id: 7,
            device_title: 'EM-0007',
            day: '2026-04-01',
            message:
              'Meter EM-0007 on 859182400000000001 – Byt has no reading after 2026-04-01 00:00.',
          },
          { code: 'no_product', message: 'Contract S-7 has no product.' },
        ],
      }),
    );
    await ask('2026-03-01', '2026-03-31');
    const refused = await screen.findByTestId('bill-refused');
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => text(item)),
    ).toEqual([
      'Meter EM-0007 on 859182400000000001 – Byt has no reading after 4/1/2026 00:00.',
      'Contract S-7 has no product.',
    ]);
    expect(within(refused).getByRole('link', { name: 'EM-0007' }).getAttribute('href')).toBe(
      '/tariffdevices/7',
    );
    expect(
      within(refused).getByRole('link', { name: '859182400000000001 – Byt' }).getAttribute('href'),
    ).toBe('/points/10');
    expect(screen.queryByTestId('bill')).toBeNull();
  });

  it('shows a refusal in Czech with the Czech date format', async () => {
    open(
      () =>
        apiError(422, {
          detail: 'Smlouvu nelze vyúčtovat.',
          reasons: [
            {
              code: 'no_reading_after',
              point_id: 10,
              point_title: '859182400000000001 – Byt',
              device_id: 7,
              device_title: '#7',
              day: '2026-04-01',
              message:
                'Elektroměr #7 na odběrném místě 859182400000000001 – Byt nemá odečet po 1. 4. 2026 0:00.',
            },
          ],
        }),
      'cs',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zobrazit náhled' }));
    const refused = await screen.findByTestId('bill-refused');
    expect(text(within(refused).getByRole('listitem'))).toBe(
      'Elektroměr #7 na odběrném místě 859182400000000001 – Byt nemá odečet po 1. 4. 2026 0:00.',
    );
    expect(within(refused).getByRole('link', { name: '#7' }).getAttribute('href')).toBe(
      '/tariffdevices/7',
    );
  });
});
