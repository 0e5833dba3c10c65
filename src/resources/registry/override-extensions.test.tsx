/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WidgetProps } from '@rjsf/utils';
import { ResourceTable } from '../list/resource-table';
import { ResourcePage } from '../resource-page';
import type { ResourceFormContext } from '../form/resource-form';
import { FormHarness } from '../test-support/form-harness';
import { contracts } from '../test-support/fixtures';
import { openLazyPopover } from '../test-support/popover';
import { fakeRequest, renderWithProviders } from '../test-support/render';
import type { FormValidator, ResourceOverrides } from './overrides';

const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));

describe('ResourceOverride.cells', () => {
  it('renders a column from the whole row, with its own header', async () => {
    const overrides: ResourceOverrides = {
      contracts: {
        cells: {
          contract_no: {
            header: 'app.menu.contracts',
            format: (row, locale) => `${String(row.contract_no)}/${String(row.price)}/${locale}`,
          },
        },
      },
    };
    const rows = [
      { id: 1, contract_no: 'S-1', customer: 7, valid_from: '2025-01-01', price: '2.50' },
    ];
    renderWithProviders(
      <ResourceTable
        descriptor={{ ...contracts, columns: ['contract_no', 'price'] }}
        rows={rows}
        sort={[]}
        onSortChange={() => undefined}
        onOpen={() => undefined}
      />,
      { request, overrides, locale: 'en' },
    );
    expect(await screen.findByText('S-1/2.50/en')).toBeTruthy();
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toContain('Contracts');
  });
});

/** Edits `price` and `contract_no` together, as a two-property widget would. */
function PairWidget(props: WidgetProps) {
  const context = props.registry.formContext as ResourceFormContext;
  const other = context.serverErrors?.contract_no as { __errors?: string[] } | undefined;
  return (
    <>
      <button
        type="button"
        onClick={() => context.setFields({ price: '1.00', contract_no: 'PAIR' })}
      >
        pair
      </button>
      <output>{`${String(context.formData.contract_no)} ${other?.__errors?.join() ?? ''}`}</output>
    </>
  );
}

const pairForm = {
  ...contracts,
  uiSchema: { ...contracts.uiSchema, price: { 'ui:widget': 'pair' } },
};

describe('ResourceFormContext', () => {
  it('lets a widget read and set other properties and see their server errors', async () => {
    const onData = vi.fn();
    renderWithProviders(
      <FormHarness
        descriptor={pairForm}
        initial={{ contract_no: 'S-1' }}
        onData={onData}
        widgets={{ pair: PairWidget }}
        extraErrors={{ contract_no: { __errors: ['taken'] } }}
      />,
      { request, locale: 'en' },
    );
    expect(screen.getByRole('status').textContent).toBe('S-1 taken');
    await userEvent.click(screen.getByRole('button', { name: 'pair' }));
    expect(onData).toHaveBeenLastCalledWith(
      expect.objectContaining({ price: '1.00', contract_no: 'PAIR' }),
    );
    expect(screen.getByRole('status').textContent).toBe('PAIR taken');
  });
});

describe('ResourceOverride.validate', () => {
  const validate: FormValidator = (data) =>
    data.contract_no === 'BAD'
      ? { contract_no: [{ id: 'test.bad', defaultMessage: 'Bad number' }] }
      : undefined;

  it('shows its messages beside the field and blocks the submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <FormHarness
        descriptor={contracts}
        initial={{ contract_no: 'BAD', customer: 1, valid_from: '2025-01-01' }}
        onSubmit={onSubmit}
        validate={validate}
      />,
      { request, locale: 'en' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(screen.getByText('Bad number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lets a valid form through', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <FormHarness
        descriptor={contracts}
        initial={{ contract_no: 'OK', customer: 1, valid_from: '2025-01-01' }}
        onSubmit={onSubmit}
        validate={validate}
      />,
      { request, locale: 'en' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalled();
  });
});

describe('ResourceOverride.cells in the column chooser', () => {
  it('names the column by the cell header', async () => {
    const overrides: ResourceOverrides = {
      contracts: { cells: { price: { header: 'app.menu.contracts', format: () => '' } } },
    };
    const { request: list } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request: list,
      overrides,
      locale: 'en',
    });
    await screen.findByRole('button', { name: 'Columns' });
    await openLazyPopover(userEvent.setup(), 'Columns');
    expect(await screen.findByRole('checkbox', { name: 'Contracts' })).toBeTruthy();
  });
});

describe('ResourceOverride.listActions', () => {
  it('adds each action to the list toolbar with the resource it sits on', async () => {
    const seen: string[] = [];
    const overrides: ResourceOverrides = {
      contracts: {
        listActions: [
          {
            id: 'greet',
            component: ({ descriptor }) => {
              seen.push(descriptor.name);
              return <button type="button">{`Act on ${descriptor.name}`}</button>;
            },
          },
          { id: 'hidden', component: () => null },
        ],
      },
    };
    const { request: list } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request: list,
      overrides,
      locale: 'en',
    });
    const action = await screen.findByRole('button', { name: 'Act on contracts' });
    // Beside the generic controls, before "Export CSV".
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.indexOf('Act on contracts')).toBeLessThan(buttons.indexOf('Export CSV'));
    expect(action).toBeTruthy();
    expect(new Set(seen)).toEqual(new Set(['contracts']));
  });

  it('adds nothing to a resource without an override', async () => {
    const { request: list } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request: list,
      overrides: { customers: { listActions: [{ id: 'x', component: () => <b>other</b> }] } },
      locale: 'en',
    });
    await screen.findByRole('button', { name: 'Export CSV' });
    expect(screen.queryByText('other')).toBeNull();
  });
});
