/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NetworkError } from '../../api';
import { contracts, customers } from '../test-support/fixtures';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
  type Call,
  type FakeAnswer,
} from '../test-support/render';
import type { ResourceOverrides } from '../registry/overrides';
import { contractRow, customerRow } from '../test-support/customer-contracts';
import { ResourceDialog } from './resource-dialog';

const row = { ...contractRow, created: '2025-01-01T10:00:00Z' };
const customer = customerRow;

/**
 * A server for contract 5 that honours `If-Match`; `onWrite` decides what an accepted PATCH,
 * POST or DELETE gets, `touch` is someone else's change.
 */
function server(onWrite: (call: Call) => FakeAnswer) {
  let current = { ...row };
  let version = 1;
  const fake = fakeRequest((call) => {
    if (call.path === '/customers/7/') return { data: customer };
    if (call.method === 'GET') return { data: current, etag: `"v${version}"` };
    if (call.options.ifMatch && call.options.ifMatch !== `"v${version}"`) {
      return apiError(412, { detail: 'Precondition failed.' });
    }
    const answer = onWrite(call);
    if (call.method === 'PATCH') current = { ...current, ...(call.options.body as object) };
    version += 1;
    return answer;
  });
  const touch = (changes: object) => {
    current = { ...current, ...changes };
    version += 1;
  };
  return { ...fake, touch };
}

async function openEdit(request: ReturnType<typeof server>['request'], onClose = vi.fn()) {
  renderWithProviders(<ResourceDialog descriptor={contracts} id={5} onClose={onClose} />, {
    request,
  });
  const input = await screen.findByLabelText('Číslo smlouvy', { exact: false });
  return { input, onClose };
}

describe('ResourceDialog saving', () => {
  it('PATCHes only the changed fields with If-Match and closes', async () => {
    const { request, calls } = server((call) => ({
      data: call.method === 'PATCH' ? { ...row, ...(call.options.body as object) } : row,
    }));
    const { input, onClose } = await openEdit(request);
    await userEvent.clear(input);
    await userEvent.type(input, 'S-6');
    await userEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('/contracts/5/');
    expect(patch?.options.body).toEqual({ contract_no: 'S-6' });
    expect(patch?.options.ifMatch).toBe('"v1"');
  });

  it('shows field errors beside fields and the rest above the form, keeping the input', async () => {
    const { request } = server(() =>
      apiError(400, {
        contract_no: ['Číslo už existuje.'],
        non_field_errors: ['Smlouvy se překrývají.'],
      }),
    );
    const { input, onClose } = await openEdit(request);
    await userEvent.clear(input);
    await userEvent.type(input, 'S-1');
    await userEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(await screen.findByText('Smlouvy se překrývají.')).toBeTruthy();
    const error = screen.getByText('Číslo už existuje.');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(input).toHaveProperty('value', 'S-1');
    expect(onClose).not.toHaveBeenCalled();
    // Fixing the field drops its server error.
    await userEvent.type(input, '1');
    expect(screen.queryByText('Číslo už existuje.')).toBeNull();
  });

  it('keeps everything typed when the server cannot be reached', async () => {
    const { request } = server(() => {
      throw new NetworkError(new Error('offline'));
    });
    const { input, onClose } = await openEdit(request);
    await userEvent.clear(input);
    await userEvent.type(input, 'S-9');
    await userEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(await screen.findByText(/Server není dostupný/)).toBeTruthy();
    expect(input).toHaveProperty('value', 'S-9');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('on 412 shows the server values and reapplies the changes on the new version', async () => {
    const { request, calls, touch } = server((call) => ({
      data: call.method === 'PATCH' ? { ...row, ...(call.options.body as object) } : row,
    }));
    const { input, onClose } = await openEdit(request);
    await userEvent.clear(input);
    await userEvent.type(input, 'S-7');
    touch({ contract_no: 'S-5b', price: '12.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Záznam mezitím změnil někdo jiný')).toBeTruthy();
    const changed = within(alert).getByRole('rowheader', { name: 'Číslo smlouvy' }).closest('tr');
    expect(changed?.textContent).toBe('Číslo smlouvyS-5bS-7');
    await userEvent.click(within(alert).getByRole('button', { name: /Použít mé změny/ }));
    expect(input).toHaveProperty('value', 'S-7');
    await userEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => c.options.ifMatch)).toEqual(['"v1"', '"v2"']);
    // The other user's price survives: only the reapplied change is sent.
    expect(patches[1]?.options.body).toEqual({ contract_no: 'S-7' });
  });
});

describe('ResourceDialog creating', () => {
  it('POSTs the typed fields', async () => {
    const { request, calls } = server(() => ({ data: { ...row, id: 9 }, status: 201 }));
    const onClose = vi.fn();
    renderWithProviders(<ResourceDialog descriptor={contracts} id={null} onClose={onClose} />, {
      request,
    });
    expect(screen.getByRole('heading', { name: 'Smlouvy: nový záznam' })).toBeTruthy();
    expect(screen.queryByLabelText('created', { exact: false })).toBeNull();
    await userEvent.type(screen.getByLabelText('Číslo smlouvy', { exact: false }), 'N-1');
    await userEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    // Required fields are checked before anything is sent.
    expect(screen.getAllByText('Toto pole je povinné.').length).toBe(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('ResourceDialog names (x-singular, x-create)', () => {
  const named = {
    ...contracts,
    singular: 'resource.contracts.singular',
    create: 'resource.contracts.create',
  };
  const labels = {
    'resource.contracts.singular': 'Smlouva',
    'resource.contracts.create': 'Nová smlouva',
  };

  it('titles a new row with the back-end create name', () => {
    const { request } = server(() => ({ data: row }));
    renderWithProviders(<ResourceDialog descriptor={named} id={null} onClose={vi.fn()} />, {
      request,
      labels,
    });
    expect(screen.getByRole('heading', { name: 'Nová smlouva' })).toBeTruthy();
  });

  it('titles a row with the singular name and its title', async () => {
    const { request } = server(() => ({ data: row }));
    renderWithProviders(<ResourceDialog descriptor={named} id={5} onClose={vi.fn()} />, {
      request,
      labels,
    });
    expect(await screen.findByRole('heading', { name: 'Smlouva: S-5' })).toBeTruthy();
  });
});

describe('ResourceDialog closing and deleting', () => {
  it('asks before dropping unsaved changes', async () => {
    const { request } = server(() => ({ data: row }));
    const { input, onClose } = await openEdit(request);
    await userEvent.type(input, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Zrušit' }));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Zahodit' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('confirms a delete by the row title and shows a refusal', async () => {
    const { request, calls } = server(() => apiError(400, { detail: 'Smlouva má platby.' }));
    const { onClose } = await openEdit(request);
    await userEvent.click(screen.getByRole('button', { name: 'Smazat' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Smazat S-5?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Smazat' }));
    expect(await within(confirm).findByText('Smlouva má platby.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.options.ifMatch).toBe('"v1"');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ResourceDialog with an override', () => {
  it('shows the override’s panels and uses its widgets', async () => {
    const overrides: ResourceOverrides = {
      contracts: {
        widgets: { date: () => <output>own date widget</output> },
        panels: [
          {
            id: 'payments',
            title: 'resource.contracts.panel.payments',
            component: ({ row: current }) => (
              <p>{`Platby smlouvy ${String(current.contract_no)}`}</p>
            ),
          },
        ],
      },
    };
    const { request } = server(() => ({ data: row }));
    renderWithProviders(<ResourceDialog descriptor={contracts} id={5} onClose={vi.fn()} />, {
      request,
      overrides,
    });
    expect(await screen.findByText('Platby smlouvy S-5')).toBeTruthy();
    expect(screen.getByText('own date widget')).toBeTruthy();
  });
});

describe('ResourceDialog: a panel replacing a related list', () => {
  const owned = { ...contracts, parent: 'customer' };
  const byName = { customers, contracts: owned };
  const customerRow = { id: 7, first_name: 'Jan', last_name: 'Novák' };
  const panel = (available?: () => boolean): ResourceOverrides => ({
    customers: {
      panels: [
        {
          id: 'contracts-own',
          title: 'resource.contracts.title',
          replaces: 'contracts',
          available,
          component: ({ related, id }) => (
            <p>{`own list of ${related?.descriptor.name} by ${related?.field} of ${id}`}</p>
          ),
        },
      ],
    },
  });
  const open = (overrides: ResourceOverrides, mayUse?: (privilege: string | null) => boolean) => {
    const fake = fakeRequest((call) =>
      call.path === '/customers/7/'
        ? { data: customerRow }
        : { data: { count: 1, results: [{ ...row, contract_no: 'GENERIC-ROW' }] } },
    );
    renderWithProviders(<ResourceDialog descriptor={customers} id={7} onClose={vi.fn()} />, {
      request: fake.request,
      overrides,
      descriptorsByName: byName,
      mayUse,
    });
    return fake.calls;
  };

  it('shows in place of the generic list, told which child it replaces', async () => {
    const calls = open(panel());
    expect(await screen.findByText('own list of contracts by customer of 7')).toBeTruthy();
    expect(calls.some((call) => call.path === '/contracts/')).toBe(false);
  });

  it('steps aside when not available: the generic list shows', async () => {
    open(panel(() => false));
    expect(await screen.findByText('GENERIC-ROW')).toBeTruthy();
    expect(screen.queryByText(/own list of/)).toBeNull();
  });

  it('shows only where the related list would (the user may use the child)', async () => {
    open(panel(), (privilege) => privilege !== contracts.privilege);
    expect(await screen.findByLabelText('Jméno', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/own list of/)).toBeNull();
  });
});
