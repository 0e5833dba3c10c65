/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides } from '../../src/resources';
import { FormHarness } from '../../src/resources/test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../src/resources/test-support/render';
import { overrides } from '../index';

const tariffdevices = mergeOverrides(descriptorsByName, overrides).tariffdevices!;
const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
const base = { serial_number: 'SN-1', name: 'Meter' };

function calibrationInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[id$="calibration_date"]');
  if (!input) throw new Error('no calibration date input');
  return input;
}

describe.each([
  ['cs', 'Cejch musí být ve formátu D. M. RRRR'],
  ['en', 'Calibration date must be in M/D/YYYY'],
] as const)("a tariff device's calibration date in %s (docs/product.md §5)", (locale, message) => {
  it('names its own format message and blocks the submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <FormHarness descriptor={tariffdevices} initial={base} onSubmit={onSubmit} />,
      { request, locale },
    );
    await userEvent.type(calibrationInput(), '32. 13. 2025');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(message);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the tariff devices override', () => {
  it('leaves descriptors without a calibration date alone', () => {
    const merged = mergeOverrides(descriptorsByName, overrides);
    expect(merged.contracts).toBe(descriptorsByName.contracts);
    expect(JSON.stringify(tariffdevices.uiSchema)).toContain(
      'overrides.tariffdevices.calibrationDateFormat',
    );
  });
});
