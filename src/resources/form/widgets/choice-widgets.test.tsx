/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceDescriptor } from '../../descriptor';
import { contracts } from '../../test-support/fixtures';
import { FormHarness } from '../../test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../test-support/render';

const base = { contract_no: 'S-1', customer: 1, valid_from: '2025-01-01', state: 'active' };
const { request } = fakeRequest(() => ({ data: { id: 1, last_name: 'Novák' } }));

describe('SelectWidget', () => {
  it('shows choice labels from the messages and stores the value', async () => {
    const onData = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onData={onData} />, {
      request,
    });
    const select = screen.getByLabelText('Stav', { exact: false }) as HTMLSelectElement;
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['—', 'Platná', 'Ukončená']);
    expect(select.selectedOptions[0]?.textContent).toBe('Platná');
    await userEvent.selectOptions(select, 'Ukončená');
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'ended' }));
    await userEvent.selectOptions(select, '—');
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ state: null }));
  });
});

describe('SelectWidget of a required choice', () => {
  it('offers no empty option once chosen', () => {
    const required = {
      ...contracts,
      fields: contracts.fields.map((f) =>
        f.name === 'state' ? { ...f, required: true, nullable: false } : f,
      ),
    };
    renderWithProviders(<FormHarness descriptor={required} initial={base} />, { request });
    const select = screen.getByLabelText('Stav', { exact: false });
    expect(within(select).queryByRole('option', { name: '—' })).toBeNull();
  });
});

describe('CheckboxWidget', () => {
  it('has the field label and stores a boolean', async () => {
    const onData = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onData={onData} />, {
      request,
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Aktivní' }));
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ is_active: true }));
  });
});

describe('SelectWidget of a list of choices', () => {
  const privileges = ['USERS', 'ROLES', 'TARIFF'].map((value) => ({
    value,
    label: `resource.roles.field.privileges.choice.${value}`,
  }));
  const roles: ResourceDescriptor = {
    ...contracts,
    fields: [
      {
        name: 'privileges',
        kind: 'list',
        itemKind: 'choice',
        label: 'privileges.label',
        required: false,
        readOnly: false,
        nullable: false,
        choices: privileges,
      },
    ],
    formSchema: {
      type: 'object',
      properties: {
        privileges: {
          type: 'array',
          items: { type: 'string', enum: ['USERS', 'ROLES', 'TARIFF'] },
          uniqueItems: true,
        },
      },
    },
    uiSchema: { privileges: { 'ui:widget': 'select', 'ui:options': { choices: privileges } } },
  };

  it('is a group of labelled checkboxes keeping the enum order', async () => {
    const onData = vi.fn();
    renderWithProviders(
      <FormHarness descriptor={roles} initial={{ privileges: ['TARIFF'] }} onData={onData} />,
      { request },
    );
    const group = screen.getByRole('group', { name: 'privileges' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'USERS',
      'ROLES',
      'TARIFF',
    ]);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([false, false, true]);
    await userEvent.click(boxes[0] as HTMLElement);
    expect(onData).toHaveBeenLastCalledWith({ privileges: ['USERS', 'TARIFF'] });
    await userEvent.click(boxes[2] as HTMLElement);
    expect(onData).toHaveBeenLastCalledWith({ privileges: ['USERS'] });
  });
});
