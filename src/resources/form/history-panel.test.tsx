/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEntry } from '../queries';
import { contracts } from '../test-support/fixtures';
import { fakeRequest, renderWithProviders, type Call } from '../test-support/render';
import { ResourceDialog } from './resource-dialog';

const row = {
  id: 5,
  contract_no: 'S-5',
  customer: 7,
  state: 'ended',
  valid_from: '2025-01-01',
  price: '1234.50',
  is_active: false,
  products: [],
};

const withHistory = {
  ...contracts,
  operations: { ...contracts.operations, history: true },
};

const update: HistoryEntry = {
  id: 12,
  at: '2025-03-05T09:30:00Z',
  action: 'update',
  user: { id: 1, email: 'admin@joule.test' },
  changes: {
    price: ['1000.00', '1234.50'],
    state: ['active', 'ended'],
    is_active: [true, false],
  },
};
const create: HistoryEntry = {
  id: 3,
  at: '2025-01-01T08:00:00Z',
  action: 'create',
  user: null,
  changes: { contract_no: [null, 'S-5'] },
};
const older: HistoryEntry = { ...create, id: 1, changes: { valid_from: [null, '2025-01-01'] } };

/** Contract 5 and its history: page 1 has `update` and `create`, page 2 has `older`. */
function server() {
  return fakeRequest((call: Call) => {
    if (call.path === '/customers/7/') return { data: { id: 7, last_name: 'Novák' } };
    if (call.path === '/contracts/5/history/') {
      return call.options.query?.page === 2
        ? { data: { count: 3, next: null, previous: 'x', results: [older] } }
        : { data: { count: 3, next: 'y', previous: null, results: [update, create] } };
    }
    return { data: row, etag: '"v1"' };
  });
}

const historyCalls = (calls: readonly Call[]) =>
  calls.filter((call) => call.path.endsWith('/history/'));

describe('History of the edit dialog', () => {
  it('loads the history only when opened and shows each change as a diff', async () => {
    const { request, calls } = server();
    renderWithProviders(<ResourceDialog descriptor={withHistory} id={5} onClose={vi.fn()} />, {
      request,
    });
    await screen.findByLabelText('Číslo smlouvy', { exact: false });
    // A button of the dialog's header opens the history in a drawer.
    const toggle = await screen.findByRole('button', { name: 'Historie změn' });
    expect(historyCalls(calls)).toEqual([]);

    await userEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: /^Historie změn: / });
    const items = await within(drawer).findAllByRole('listitem');
    expect(historyCalls(calls)).toHaveLength(1);
    expect(items).toHaveLength(2);

    // Newest first: who, what and when, then every changed field formatted by its kind.
    const [changed, created] = items as [HTMLElement, HTMLElement];
    expect(changed.textContent).toContain('Změnil(a) admin@joule.test');
    const time = changed.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2025-03-05T09:30:00Z');
    // docs/product.md: the same date-time format as the lists (`5. 3. 2025 10:30` in Prague).
    expect(time?.textContent).toBe(
      new Intl.DateTimeFormat('cs', {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date('2025-03-05T09:30:00Z')),
    );
    expect(time?.textContent).toMatch(/^5\. 3\. 2025 \d{1,2}:30$/);
    const rowText = (name: string) =>
      within(changed).getByRole('rowheader', { name }).closest('tr')?.textContent;
    expect(rowText('Cena')).toBe('Cena1\u00a0000,001\u00a0234,50');
    expect(rowText('Stav')).toBe('StavPlatnáUkončená');
    expect(rowText('Aktivní')).toBe('AktivníAnoNe');
    expect(
      within(changed)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pole', 'Předtím', 'Potom']);
    expect(created.textContent).toContain('Vytvořil(a) systém');
    expect(
      within(created).getByRole('rowheader', { name: 'Číslo smlouvy' }).closest('tr')?.textContent,
    ).toBe('Číslo smlouvy—S-5');

    // Older changes on demand.
    await userEvent.click(screen.getByRole('button', { name: 'Zobrazit starší změny' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(historyCalls(calls).map((call) => call.options.query)).toEqual([{}, { page: 2 }]);
    expect(screen.queryByRole('button', { name: 'Zobrazit starší změny' })).toBeNull();
  });

  it('names the changes of the row’s children by their resource and title', async () => {
    const address: HistoryEntry = {
      ...update,
      id: 20,
      resource: 'customers',
      row_id: 7,
      title: 'Jan Novák',
      changes: { last_name: ['Nowak', 'Novák'] },
    };
    const own: HistoryEntry = { ...create, resource: 'contracts', row_id: 5, title: 'S-5' };
    const { request } = fakeRequest((call: Call) => {
      if (call.path === '/contracts/5/history/')
        return { data: { count: 2, next: null, previous: null, results: [address, own] } };
      if (call.path === '/customers/7/') return { data: { id: 7, last_name: 'Novák' } };
      return { data: row, etag: '"v1"' };
    });
    renderWithProviders(<ResourceDialog descriptor={withHistory} id={5} onClose={vi.fn()} />, {
      request,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Historie změn' }));
    const drawer = await screen.findByRole('dialog', { name: /^Historie změn: / });
    const [child, mine] = (await within(drawer).findAllByRole('listitem')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(child).getByRole('heading').textContent).toBe('Zákazníci Jan Novák');
    expect(within(mine).queryByRole('heading')).toBeNull();
  });

  it('is absent, and asks for nothing, when the back-end does not publish the history', async () => {
    const { request, calls } = server();
    renderWithProviders(<ResourceDialog descriptor={contracts} id={5} onClose={vi.fn()} />, {
      request,
    });
    await screen.findByLabelText('Číslo smlouvy', { exact: false });
    expect(screen.queryByText('Historie změn')).toBeNull();
    expect(historyCalls(calls)).toEqual([]);
  });

  it('is not shown when creating a row', async () => {
    const { request, calls } = server();
    renderWithProviders(<ResourceDialog descriptor={withHistory} id={null} onClose={vi.fn()} />, {
      request,
    });
    await screen.findByLabelText('Číslo smlouvy', { exact: false });
    expect(screen.queryByText('Historie změn')).toBeNull();
    expect(historyCalls(calls)).toEqual([]);
  });
});
