/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceDialog } from '../form/resource-dialog';
import {
  customerContractsServer,
  ownedByName,
  ownedContracts,
} from '../test-support/customer-contracts';
import { customers } from '../test-support/fixtures';
import { renderWithProviders } from '../test-support/render';

describe('related lists in the edit dialog (docs/product.md §2 "Screen contents")', () => {
  it("lists the customer's contracts, filtered on the server, without the parent column", async () => {
    const { request, calls } = customerContractsServer();
    renderWithProviders(<ResourceDialog descriptor={customers} id={7} onClose={() => {}} />, {
      request,
      descriptorsByName: ownedByName,
    });
    const cell = await screen.findByRole('cell', { name: 'S-5' });
    const table = cell.closest('table') as HTMLElement;
    const list = calls.find((c) => c.path === '/contracts/');
    expect(list?.options.query).toMatchObject({ filter: 'customer=7', page: 1, page_size: 10 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Zákazník');
    expect(headers.length).toBe(ownedContracts.columns.length - 1);
  });

  it('opens a related row in its own dialog', async () => {
    const { request } = customerContractsServer();
    renderWithProviders(<ResourceDialog descriptor={customers} id={7} onClose={() => {}} />, {
      request,
      descriptorsByName: ownedByName,
    });
    await userEvent.click(await screen.findByRole('cell', { name: 'S-5' }));
    expect(await screen.findByDisplayValue('S-5')).toBeTruthy();
  });

  it('creates a related row with the parent filled in', async () => {
    const { request } = customerContractsServer();
    renderWithProviders(<ResourceDialog descriptor={customers} id={7} onClose={() => {}} />, {
      request,
      descriptorsByName: ownedByName,
    });
    await screen.findByRole('cell', { name: 'S-5' });
    await userEvent.click(screen.getByRole('button', { name: /^Nový záznam:/ }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const created = screen.getAllByRole('dialog')[1] as HTMLElement;
    // The reference picker shows the parent's title: the customer is already chosen.
    expect(await within(created).findByDisplayValue('Jan Novák')).toBeTruthy();
  });

  it('shows nothing the user may not use', async () => {
    const { request, calls } = customerContractsServer();
    renderWithProviders(<ResourceDialog descriptor={customers} id={7} onClose={() => {}} />, {
      request,
      descriptorsByName: ownedByName,
      mayUse: (privilege) => privilege !== 'CONTRACTS',
    });
    await screen.findByDisplayValue('Novák');
    expect(calls.some((c) => c.path === '/contracts/')).toBe(false);
  });
});
