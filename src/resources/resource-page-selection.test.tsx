/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourcePage } from './resource-page';
import { customers } from './test-support/fixtures';
import { apiError, fakeRequest, renderWithProviders, type Call } from './test-support/render';

const people = [
  { id: 1, first_name: 'Jan', last_name: 'Novák' },
  { id: 2, first_name: 'Eva', last_name: 'Dvořáková' },
  { id: 3, first_name: 'Petr', last_name: 'Svoboda' },
];

/** Customers 1–3; customer 2 may not be deleted (a plain DRF back-end: no bulk endpoint). */
function server({ method, path }: Call) {
  if (method === 'DELETE') {
    if (path === '/customers/2/') apiError(400, { detail: 'Zákazník má smlouvy.' });
    return { data: null, status: 204 };
  }
  return { data: { count: 3, next: null, previous: null, results: people } };
}

describe('ResourcePage selection and keyboard', () => {
  it('selects with Space and Shift+↓, deletes row by row and names the refused row', async () => {
    const user = userEvent.setup();
    const { request, calls } = fakeRequest(server);
    renderWithProviders(<ResourcePage descriptor={customers} />, { request });
    await screen.findByRole('row', { name: 'Jan Novák' });
    // ↓ from the search enters the rows; Space toggles, Shift+↓ extends.
    await user.click(screen.getByRole('searchbox'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('row', { name: 'Jan Novák' }));
    await user.keyboard(' ');
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    // The bar's code loads with the first selection.
    expect((await screen.findByRole('status')).textContent).toBe('3 vybrané');
    // Esc clears the selection, a second Esc returns to the search.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('status')).toBeNull();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));

    await user.click(screen.getByRole('checkbox', { name: 'Vybrat vše na této stránce' }));
    await user.click(screen.getByRole('button', { name: 'Smazat' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Smazat 3 vybrané záznamy (Zákazníci)?');
    await user.click(within(confirm).getByRole('button', { name: 'Smazat' }));
    const summary = await screen.findByRole('dialog', { name: /Smazat/ });
    await waitFor(() => expect(within(summary).getByText('Smazat: hotovo 2 z 3.')).toBeTruthy());
    const refused = within(summary).getByRole('table', { name: 'Odmítnuto (1)' });
    expect(within(refused).getByText('Eva Dvořáková')).toBeTruthy();
    expect(within(refused).getByText('Zákazník má smlouvy.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(3);
  });

  it('shows how far a long action has come, and stops it between two requests', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const second = new Promise<void>((resolve) => (release = resolve));
    const { request, calls } = fakeRequest(async (call) => {
      if (call.method === 'DELETE' && call.path === '/customers/2/') await second;
      return server(call);
    });
    renderWithProviders(<ResourcePage descriptor={customers} />, { request });
    await screen.findByRole('row', { name: 'Jan Novák' });
    await user.click(screen.getByRole('checkbox', { name: 'Vybrat vše na této stránce' }));
    await user.click(await screen.findByRole('button', { name: 'Smazat' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Smazat' }));
    expect((await within(confirm).findByRole('status')).textContent).toBe('Hotovo 1 z 3');
    expect(within(confirm).getByRole('progressbar', { name: 'Hotovo 1 z 3' })).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Zastavit' }));
    release();
    const summary = await screen.findByRole('dialog', { name: /Smazat/ });
    expect(within(summary).getByText('Zastaveno: 1 záznam nebyl zpracován.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/customers/1/',
      '/customers/2/',
    ]);
  });

  it('opens the row reached from the search with Enter', async () => {
    const user = userEvent.setup();
    const { request } = fakeRequest(server);
    renderWithProviders(<ResourcePage descriptor={customers} />, { request });
    await screen.findByRole('row', { name: 'Jan Novák' });
    await user.click(screen.getByRole('searchbox'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
