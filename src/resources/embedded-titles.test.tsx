/** @vitest-environment jsdom */
/**
 * Names, not ids (docs/product.md): with the API's embedded titles a list page costs one request,
 * and a picker of a resource the user may not list offers its rows by the title lookup.
 * Uses the generated descriptors, i.e. what the Joule API publishes.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../generated/descriptors';
import { ResourcePage } from './resource-page';
import { FormHarness } from './test-support/form-harness';
import { apiError, fakeRequest, renderWithProviders, type Call } from './test-support/render';

const contracts = descriptorsByName.contracts!;
const specifications = descriptorsByName.specifications!;

function contract(id: number) {
  return {
    id,
    customer: 100 + id,
    customer_title: `K-${id} Firma ${id}`,
    contract_no: `S-${id}`,
    parent_contract: id > 1 ? id - 1 : null,
    parent_contract_title: id > 1 ? `S-${id - 1}` : null,
    mode: 'supply',
    valid_from: '2025-01-01',
    valid_to: null,
    state: 'active',
    billing_period: 'monthly',
    billing_start: null,
    account_no: '',
  };
}

describe('a list page with embedded titles', () => {
  it('costs exactly one request and shows every reference by name', async () => {
    const { request, calls } = fakeRequest(({ path }: Call) => {
      if (path !== '/contracts/') apiError(403, { detail: 'forbidden' });
      const results = Array.from({ length: 25 }, (_, i) => contract(i + 1));
      return { data: { count: 60, next: null, previous: null, results } };
    });
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request,
      descriptorsByName,
    });
    const row = await screen.findByRole('row', { name: /S-7/ });
    expect(within(row).getByText('K-7 Firma 7')).toBeTruthy();
    expect(within(row).getByText('S-6')).toBeTruthy();
    // Give any per-row title fetching the chance to start: there must be none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Besides the user's preferences (the columns), asked once per session.
    expect(
      calls
        .filter((call) => call.path !== '/auth/me/preferences/')
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual(['GET /contracts/']);
  });
});

const fuses = [
  { id: 8, title: '3×25 A' },
  { id: 9, title: '3×32 A' },
];

/** The clerk's API: the fuses' list is refused, their title lookup is not. */
function clerkApi({ path, options }: Call) {
  if (path === '/fuses/titles/') {
    const ids = String(options.query?.ids ?? '');
    const term = String(options.query?.search ?? '');
    const found = fuses.filter(
      (fuse) =>
        (ids === '' || ids.split(',').includes(String(fuse.id))) && fuse.title.includes(term),
    );
    return { data: { count: found.length, next: null, previous: null, results: found } };
  }
  if (path.endsWith('/titles/'))
    return { data: { count: 0, next: null, previous: null, results: [] } };
  return apiError(403, { detail: 'You do not have permission to perform this action.' });
}

describe('a reference picker with the title lookup', () => {
  it('names the chosen row and lets a user without the privilege pick another', async () => {
    const onData = vi.fn();
    const { request, calls } = fakeRequest(clerkApi);
    renderWithProviders(
      <FormHarness
        descriptor={specifications}
        initial={{ point: 1, valid_from: '2025-01-01', main_fuse: 8 }}
        onData={onData}
      />,
      { request, descriptorsByName },
    );
    const input = screen.getByRole('combobox', { name: /^main_fuse/ });
    await waitFor(() => expect(input).toHaveProperty('value', '3×25 A'));
    await userEvent.clear(input);
    await userEvent.type(input, '32');
    // The list settles on the answer for the whole term ('3' also matches 3×25 A): click an
    // option of that answer, not one the next render replaces.
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('listbox'))
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['3×32 A']),
      { timeout: 5000 },
    );
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option'));
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ main_fuse: 9 }));
    await waitFor(() => expect(input).toHaveProperty('value', '3×32 A'));
    expect(calls.some((call) => call.path === '/fuses/')).toBe(false);
    expect(calls.some((call) => /^\/fuses\/\d+\/$/.test(call.path))).toBe(false);
  });

  it('names the stored references by their embedded titles without a request', async () => {
    const { request, calls } = fakeRequest(clerkApi);
    const stored = {
      id: 201,
      point: 1,
      point_title: '8591824000000000 Rodinný dům',
      valid_from: '2025-01-01',
      main_fuse: 8,
      main_fuse_title: '3×25 A',
      energy_distributor: 1,
      energy_distributor_title: 'CEZD ČEZ Distribuce, a.s.',
    };
    renderWithProviders(
      <FormHarness descriptor={specifications} initial={stored} stored={stored} />,
      { request, descriptorsByName },
    );
    expect(screen.getByRole('combobox', { name: /^main_fuse/ })).toHaveProperty('value', '3×25 A');
    expect(screen.getByRole('combobox', { name: /^energy_distributor/ })).toHaveProperty(
      'value',
      'CEZD ČEZ Distribuce, a.s.',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
