/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides, resourceKeys } from '../../src/resources';
import { ResourceDialog } from '../../src/resources/form/resource-dialog';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
} from '../../src/resources/test-support/render';
import { generatedLabels } from '../../src/resources/test-support/generated-labels';
import { overrides } from '../index';
import { hasPaymentAmounts } from './payments-panel';

const generatedCzech = generatedLabels('cs');
const generatedEnglish = generatedLabels('en');

const merged = mergeOverrides(descriptorsByName, overrides);
const NBSP = /[\u00a0\u202f]/g;
const text = (element: Element | null) => (element?.textContent ?? '').replace(NBSP, ' ');

const contract = {
  id: 7,
  contract_no: 'S-7',
  customer: 1,
  customer_title: 'Jan Novák',
  mode: 'supply',
  valid_from: '2024-01-01',
  valid_to: null,
  state: 'active',
  billing_period: 'monthly',
};

function open(locale: 'cs' | 'en', payments: Record<string, unknown>[], failBalance = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fake = fakeRequest((call) => {
    if (call.path === '/contracts/7/') return { data: contract };
    if (call.path === '/payments/') {
      if (failBalance && call.options.query?.page_size === 9999) return apiError(403, {});
      const sorted = [...payments].sort((a, b) => String(b.ts).localeCompare(String(a.ts)));
      return { data: { count: sorted.length, results: sorted } };
    }
    return { data: { count: 0, results: [] } };
  });
  renderWithProviders(
    <ResourceDialog descriptor={merged.contracts!} id={7} onClose={() => undefined} />,
    {
      request: fake.request,
      overrides,
      descriptorsByName: merged,
      locale,
      queryClient,
      labels: locale === 'cs' ? generatedCzech : generatedEnglish,
    },
  );
  return { ...fake, queryClient };
}

const stored = [
  { id: 1, contract: 7, type: 'advance', amount: '1500.10', ts: '2025-01-15' },
  { id: 2, contract: 7, type: 'advance', amount: '1500.20', ts: '2025-02-15' },
  { id: 3, contract: 7, type: 'refund', amount: '200.00', ts: '2025-03-01' },
];

describe('the contract’s payments with a running balance', () => {
  it.each([
    ['cs', 'Saldo: 2 800,30 Kč', ['1 500,10 Kč', '3 000,30 Kč', '2 800,30 Kč']],
    ['en', 'Balance: CZK 2,800.30', ['CZK 1,500.10', 'CZK 3,000.30', 'CZK 2,800.30']],
  ] as const)(
    'shows each payment with the balance after it in %s',
    async (locale, total, after) => {
      open(locale, stored);
      const panel = await screen.findByTestId('contract-payments', {}, { timeout: 10_000 });
      await waitFor(() => expect(text(within(panel).getByTestId('balance'))).toBe(total));
      const rows = within(panel).getAllByRole('row').slice(1);
      // Newest first, each with the balance after it.
      expect(rows.map((row) => text(row.lastElementChild))).toEqual([...after].reverse());
    },
  );

  it('updates the balance when a payment is saved, without a reload', async () => {
    const payments = [...stored];
    const { queryClient } = open('en', payments);
    const panel = await screen.findByTestId('contract-payments', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(text(within(panel).getByTestId('balance'))).toBe('Balance: CZK 2,800.30'),
    );
    payments.push({ id: 4, contract: 7, type: 'advance', amount: '0.01', ts: '2025-04-01' });
    // What the runtime does after any payment is saved (use-resource-form).
    await act(() => queryClient.invalidateQueries({ queryKey: resourceKeys.all('payments') }));
    await waitFor(() =>
      expect(text(within(panel).getByTestId('balance'))).toBe('Balance: CZK 2,800.31'),
    );
    expect(text(within(panel).getAllByRole('row')[1]!.lastElementChild)).toBe('CZK 2,800.31');
  });

  it('says so when the server refuses the payments', async () => {
    open('en', stored, true);
    const panel = await screen.findByTestId('contract-payments', {}, { timeout: 10_000 });
    expect(await within(panel).findByText('The balance could not be computed.')).toBeTruthy();
  });

  it('needs dated, typed decimal amounts', () => {
    expect(hasPaymentAmounts(merged)).toBe(true);
    const { payments } = merged;
    const noAmount = {
      ...payments!,
      fields: payments!.fields.filter((field) => field.name !== 'amount'),
    };
    expect(hasPaymentAmounts({ ...merged, payments: noAmount })).toBe(false);
    expect(hasPaymentAmounts({})).toBe(false);
  });
});
