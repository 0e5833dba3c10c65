/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordId, RecordRoute, splitRecordPath } from './record-path';
import { ResourcePage } from './resource-page';
import { Route, Switch, useLocation } from './router';
import { customerContractsServer, ownedByName } from './test-support/customer-contracts';
import { customers } from './test-support/fixtures';
import { renderWithProviders } from './test-support/render';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** The customers screen on its route, as `src/app/layout/shell-routes.tsx` declares it. */
function renderAt(url: string) {
  const { request } = customerContractsServer();
  return renderWithProviders(
    <>
      <Switch>
        <Route path="/customers/*?">
          <RecordRoute base="/customers">
            <ResourcePage descriptor={customers} />
          </RecordRoute>
        </Route>
      </Switch>
      <Where />
    </>,
    { request, url, descriptorsByName: ownedByName },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('records with addresses (docs/product.md)', () => {
  it('splits and types the path', () => {
    expect(splitRecordPath('42/contracts/7/')).toEqual(['42', 'contracts', '7']);
    expect(splitRecordPath('a%2Fb')).toEqual(['a/b']);
    expect(recordId(customers, '42')).toBe(42);
    expect(recordId(customers, 'new')).toBeNull();
  });

  it("opens a row's URL directly as its dialog over the list", async () => {
    renderAt('/customers/7?page=1&search=Nov');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(await screen.findByDisplayValue('Novák')).toBeTruthy();
  });

  it('opening a row pushes its URL with the list state; Back closes it to the same list', async () => {
    renderAt('/customers?search=Nov');
    await userEvent.click(await screen.findByRole('row', { name: /Novák/ }));
    await waitFor(() => expect(where()).toBe('/customers/7?search=Nov'));
    expect(await screen.findByDisplayValue('Novák')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(where()).toBe('/customers?search=Nov'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a double click on a row pushes its URL once, so one Close returns to the list', async () => {
    renderAt('/customers?search=Nov');
    await userEvent.dblClick(await screen.findByRole('row', { name: /Novák/ }));
    await waitFor(() => expect(where()).toBe('/customers/7?search=Nov'));
    expect(await screen.findByDisplayValue('Novák')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(where()).toBe('/customers?search=Nov'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened again after closing: the same row's address is pushed anew.
    await userEvent.click(screen.getByRole('row', { name: /Novák/ }));
    await waitFor(() => expect(where()).toBe('/customers/7?search=Nov'));
  });

  it('a directly opened row closes by replacing its URL with the list', async () => {
    renderAt('/customers/7?sort=-last_name');
    expect(await screen.findByDisplayValue('Novák')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(where()).toBe('/customers?sort=-last_name'));
  });

  it("a related row has its address below the parent's, and opens from it", async () => {
    renderAt('/customers/7');
    await userEvent.click(await screen.findByRole('cell', { name: 'S-5' }));
    await waitFor(() => expect(where()).toBe('/customers/7/contracts/5'));
    expect(await screen.findByDisplayValue('S-5')).toBeTruthy();
  });

  it('reopens both dialogs from a nested URL', async () => {
    renderAt('/customers/7/contracts/5');
    expect(await screen.findByDisplayValue('S-5')).toBeTruthy();
    expect(await screen.findByDisplayValue('Novák')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
  });

  it('a path that names no row opens no dialog', async () => {
    renderAt('/customers/abc');
    expect(await screen.findByRole('row', { name: /Novák/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
