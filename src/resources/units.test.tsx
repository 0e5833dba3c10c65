/** @vitest-environment jsdom */
/**
 * Units shown once (docs/product.md), with the generated descriptors and labels, i.e. what
 * the Joule API publishes: the label names no unit; a dialog shows the unit, localized with
 * its basis, as the number input's right-hand adornment; a list shows it once in the column
 * header, the cells bare numbers, right-aligned. A descriptor without units (a plain DRF
 * back-end) keeps its labels as they come.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { descriptorsByName } from '../generated/descriptors';
import { generatedLabels } from './test-support/generated-labels';
import { ResourcePage } from './resource-page';
import {
  contracts as drfContracts,
  descriptorsByName as drfDescriptors,
} from './test-support/fixtures';
import { FormHarness } from './test-support/form-harness';
import { fakeRequest, renderWithProviders, type Call } from './test-support/render';

const generatedCs = generatedLabels('cs');
const generatedEn = generatedLabels('en');

const tariffs = descriptorsByName.tariffs!;
const invoices = descriptorsByName.invoices!;

/** The label text and the input's adornment of field `name` in a rendered form. */
function fieldParts(container: HTMLElement, name: string) {
  const input = container.querySelector<HTMLInputElement>(`input[id$="_${name}"]`);
  if (!input) throw new Error(`no input ${name}`);
  const label = container.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';
  const unit = input.closest('.bp6-input-group')?.querySelector('.joule-unit')?.textContent;
  return { label: label.replace(/\s*\*?\s*$/, ''), unit };
}

/** A column header's text without the sort control's glyph. */
const headerText = (header: HTMLElement) => (header.textContent ?? '').replace(/\s*[⇅↑↓]$/, '');

const { request: quiet } = fakeRequest(() => ({ data: { count: 0, results: [] } }));

describe('units in a dialog', () => {
  it('shows the unit with its basis beside the input, in Czech, and not in the label', () => {
    const { container } = renderWithProviders(
      <FormHarness descriptor={tariffs} initial={{}} mode="create" />,
      { request: quiet, labels: generatedCs },
    );
    expect(fieldParts(container, 'distribution_per_mwh_ht')).toEqual({
      label: 'Distribuce, VT',
      unit: 'Kč/MWh',
    });
    expect(fieldParts(container, 'other_svc_poze_per_a')).toEqual({
      label: 'Podpora POZE podle jističe',
      unit: 'Kč/A/měsíc',
    });
    expect(fieldParts(container, 'trade_monthly_pay').unit).toBe('Kč/měsíc');
    expect(fieldParts(container, 'fuse_from')).toEqual({ label: 'Hlavní jistič od', unit: 'A' });
    // A text field has no adornment.
    expect(fieldParts(container, 'code').unit).toBeUndefined();
  });

  it('writes the unit in English as the API names it there', () => {
    const { container } = renderWithProviders(
      <FormHarness descriptor={tariffs} initial={{}} mode="create" />,
      { request: quiet, labels: generatedEn, locale: 'en' },
    );
    expect(fieldParts(container, 'distribution_per_mwh_ht')).toEqual({
      label: 'Distribution, high tariff',
      unit: 'CZK/MWh',
    });
    expect(fieldParts(container, 'other_svc_poze_per_a').unit).toBe('CZK/A/month');
  });

  it('groups the fields in the sections the API declares', () => {
    const { container } = renderWithProviders(
      <FormHarness descriptor={tariffs} initial={{}} mode="create" />,
      { request: quiet, labels: generatedCs },
    );
    const sections = [...container.querySelectorAll('fieldset.joule-form-section')];
    expect(sections.map((s) => s.querySelector('h5')?.textContent)).toEqual([
      'Tarif',
      'Ceny VT',
      'Ceny NT',
      'Ostatní poplatky',
      'Podmínka jističe',
    ]);
    const ht = sections[1] as HTMLElement;
    expect(ht.querySelector('input[id$="_distribution_per_mwh_ht"]')).not.toBeNull();
    expect(ht.querySelector('input[id$="_distribution_per_mwh_lt"]')).toBeNull();
  });
});

const invoice = {
  id: 3,
  number: '2025000003',
  contract: 5,
  contract_title: 'S-5',
  customer: 7,
  customer_title: 'Jan Novák',
  period_from: '2025-01-01',
  period_to: '2025-02-01',
  issue_date: '2025-02-03',
  taxable_supply_date: '2025-01-31',
  due_date: '2025-02-17',
  variable_symbol: '2025000003',
  state: 'issued',
  base: '1234.50',
  vat_rate: '21.00',
  vat: '259.25',
  production: '0.00',
  total: '1493.75',
  advances: '1000.00',
  amount_due: '493.75',
  note: '',
};

describe('units in a list', () => {
  it('names the unit once in the header and shows bare, right-aligned numbers', async () => {
    const { request } = fakeRequest(({ path }: Call) =>
      path === '/invoices/'
        ? { data: { count: 1, next: null, previous: null, results: [invoice] } }
        : { data: { count: 0, results: [] } },
    );
    renderWithProviders(<ResourcePage descriptor={invoices} />, {
      request,
      descriptorsByName,
      labels: generatedCs,
    });
    const row = await screen.findByRole('row', { name: /2025000003/ });
    const table = row.closest('table') as HTMLElement;
    const headers = within(table).getAllByRole('columnheader').map(headerText);
    expect(headers).toContain('Celkem (Kč)');
    expect(headers.some((h) => h?.startsWith('Celkem') && h !== 'Celkem (Kč)')).toBe(false);
    const total = within(row).getByText('1 493,75');
    expect(total.closest('td')?.className).toContain('joule-cell-number');
    expect(row.textContent).not.toContain('Kč');
  });

  it('keeps the labels of a back-end without units as they come', async () => {
    const { request } = fakeRequest(({ path }: Call) =>
      path === '/contracts/'
        ? {
            data: {
              count: 1,
              results: [{ id: 1, contract_no: 'S-1', customer: 1, price: '10.00', products: [] }],
            },
          }
        : { data: { count: 0, results: [] } },
    );
    renderWithProviders(<ResourcePage descriptor={drfContracts} />, {
      request,
      descriptorsByName: drfDescriptors,
    });
    const row = await screen.findByRole('row', { name: /S-1/ });
    const headers = within(row.closest('table') as HTMLElement)
      .getAllByRole('columnheader')
      .map(headerText);
    expect(headers).toContain('Cena');
  });
});
