/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides } from '../../src/resources';
import { FormHarness } from '../../src/resources/test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../src/resources/test-support/render';
import { overrides } from '../index';

const customers = mergeOverrides(descriptorsByName, overrides).customers!;
const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
const base = { customer_no: 'P-1', type: 'person', first_name: 'Jan', last_name: 'Novák' };

function phoneInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[id$="phone"]');
  if (!input) throw new Error('no phone input');
  return input;
}

describe.each([
  ['cs', 'Zadejte platné telefonní číslo, např. +420 777 123 456.'],
  ['en', 'Enter a valid phone number, e.g. +420 777 123 456.'],
] as const)('the phone of a customer in %s', (locale, message) => {
  it('names an example and blocks the submit of a bad number', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FormHarness descriptor={customers} initial={base} onSubmit={onSubmit} />, {
      request,
      locale,
    });
    await userEvent.type(phoneInput(), '777 123 45');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('sends a valid number and a blank one', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <FormHarness descriptor={customers} initial={{ ...base, phone: '' }} onSubmit={onSubmit} />,
      { request, locale },
    );
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.type(phoneInput(), '+420 777 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
