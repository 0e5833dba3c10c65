/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contracts } from '../../test-support/fixtures';
import { FormHarness } from '../../test-support/form-harness';
import { fakeRequest, renderWithProviders, type Call } from '../../test-support/render';

const people = [
  { id: 7, first_name: 'Jan', last_name: 'Novák' },
  { id: 8, first_name: 'Eva', last_name: 'Dvořáková' },
];
const items = [
  { id: 1, name: 'Elektřina' },
  { id: 2, name: 'Plyn' },
];

function answer({ path, options }: Call) {
  const item = /^\/(customers|products)\/(\d+)\/$/.exec(path);
  const rows = path.startsWith('/customers/') ? people : items;
  if (item) return { data: rows.find((row) => row.id === Number(item[2])) };
  const term = String(options.query?.search ?? '').toLowerCase();
  const found = rows.filter((row) => JSON.stringify(row).toLowerCase().includes(term));
  return { data: { count: found.length, next: null, previous: null, results: found } };
}

const base = { contract_no: 'S-1', customer: 7, valid_from: '2025-01-01', products: [1] };

describe('ReferenceWidget', () => {
  it('shows the title of the chosen row, not its id', async () => {
    const { request } = fakeRequest(answer);
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} />, { request });
    const input = screen.getByRole('combobox', { name: /Zákazník/ });
    await waitFor(() => expect(input).toHaveProperty('value', 'Jan Novák'));
  });

  it('searches by text and picks a row by keyboard', async () => {
    const onData = vi.fn();
    const { request, calls } = fakeRequest(answer);
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onData={onData} />, {
      request,
    });
    const input = screen.getByRole('combobox', { name: /Zákazník/ });
    await userEvent.clear(input);
    await userEvent.type(input, 'dvo');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/customers/' && c.options.query?.search === 'dvo')).toBe(
        true,
      ),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1),
    );
    expect(within(screen.getByRole('listbox')).getByRole('option').textContent).toBe(
      'Eva Dvořáková',
    );
    expect(calls.find((c) => c.options.query?.search === 'dvo')?.options.query?.page_size).toBe(20);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ customer: 8 }));
    await waitFor(() => expect(input).toHaveProperty('value', 'Eva Dvořáková'));
  });
});

describe('ReferencesWidget', () => {
  it('lists chosen rows by title, adds and removes them', async () => {
    const onData = vi.fn();
    const { request } = fakeRequest(answer);
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onData={onData} />, {
      request,
    });
    expect(await screen.findByText('Elektřina')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: /Produkty/ });
    await userEvent.type(picker, 'ply');
    await userEvent.click(await screen.findByRole('option', { name: 'Plyn' }));
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ products: [1, 2] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Odebrat Elektřina' }));
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ products: [2] }));
  });
});
