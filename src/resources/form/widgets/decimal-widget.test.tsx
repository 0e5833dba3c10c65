/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contracts } from '../../test-support/fixtures';
import { FormHarness } from '../../test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../test-support/render';

const base = { contract_no: 'S-1', customer: 1, valid_from: '2025-01-01', price: '1234.50' };
const { request } = fakeRequest(() => ({ data: { id: 1, first_name: 'Jan', last_name: 'Novák' } }));

describe.each([
  ['cs', 'Cena', '1234,50', '99,9', '99.90'],
  ['en', 'Cena', '1234.50', '99.9', '99.90'],
] as const)('DecimalWidget in %s', (locale, label, shown, typed, sent) => {
  it(`shows ${shown} and sends ${sent}`, async () => {
    const onData = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onData={onData} />, {
      request,
      locale,
    });
    const input = screen.getByLabelText(label, { exact: false });
    expect(input).toHaveProperty('value', shown);
    await userEvent.clear(input);
    await userEvent.type(input, typed);
    await userEvent.tab();
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ price: sent }));
    expect(input).toHaveProperty('value', sent.replace('.', locale === 'cs' ? ',' : '.'));
  });
});

describe('DecimalWidget with text that is no number', () => {
  it('keeps the text and reports it on submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onSubmit={onSubmit} />, {
      request,
    });
    const input = screen.getByLabelText('Cena', { exact: false });
    await userEvent.clear(input);
    await userEvent.type(input, '12x');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveProperty('value', '12x');
    expect(await screen.findByText('Zadejte číslo')).toBeTruthy();
  });

  it('stores null when emptied (nullable field)', async () => {
    const onData = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onData={onData} />, {
      request,
    });
    await userEvent.clear(screen.getByLabelText('Cena', { exact: false }));
    expect(onData).toHaveBeenLastCalledWith(expect.objectContaining({ price: null }));
  });
});
