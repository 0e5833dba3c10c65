/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generatedLabels } from '../../test-support/generated-labels';
import { descriptorsByName as generated } from '../../../generated/descriptors';
import { contracts } from '../../test-support/fixtures';
import { FormHarness } from '../../test-support/form-harness';
import { fakeRequest, renderWithProviders, type Call } from '../../test-support/render';
import { referenceFilterParam } from './use-reference';

const generatedEnglish = generatedLabels('en');

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

describe('a picker narrowed by the row (Joule x-reference-filter)', () => {
  const stored = [
    { id: 1, title: 'S-1', customer: 7 },
    { id: 2, title: 'S-2', customer: 8 },
  ];
  function titles({ path, options }: Call) {
    const page = (results: unknown[]) => ({
      data: { count: results.length, next: null, previous: null, results },
    });
    if (path === '/contracts/titles/') {
      const filter = String(options.query?.filter ?? '');
      return page(
        stored
          .filter((row) => filter === '' || filter === `customer=${row.customer}`)
          .map(({ id, title }) => ({ id, title })),
      );
    }
    if (path === '/customers/titles/') return page([{ id: 7, title: 'Jan Novák' }]);
    throw new Error(`unexpected ${path}`);
  }

  it('offers a parent contract only among the same customer’s contracts', async () => {
    const { request, calls } = fakeRequest(titles);
    renderWithProviders(
      <FormHarness
        descriptor={generated.contracts!}
        initial={{ contract_no: 'S-3', customer: 7 }}
      />,
      { request, locale: 'en', descriptorsByName: generated, labels: generatedEnglish },
    );
    const picker = screen.getByRole('combobox', { name: /Parent contract/ });
    await userEvent.type(picker, 'S');
    // The search waits for typing to settle: allow for a busy machine.
    await waitFor(
      () => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1),
      { timeout: 5000 },
    );
    expect(within(screen.getByRole('listbox')).getByRole('option').textContent).toBe('S-1');
    const searches = calls.filter((call) => call.path === '/contracts/titles/');
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((call) => call.options.query?.filter === 'customer=7')).toBe(true);
  });

  it.each([
    [{ customer: 'customer' }, { customer: 7 }, 'customer=7'],
    [{ customer: 'customer' }, { customer: null }, undefined],
    [{ customer: 'customer' }, { customer: '' }, undefined],
    [{ customer: 'customer', kind: 'kind' }, { customer: 7, kind: 'a,b' }, undefined],
    [{ customer: 'customer', kind: 'kind' }, { customer: 7, kind: 'x' }, 'customer=7,kind=x'],
    [undefined, { customer: 7 }, undefined],
  ])('referenceFilterParam(%j, %j) is %s', (declared, data, want) => {
    expect(referenceFilterParam(declared, data)).toBe(want);
  });
});
