/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides, ResourcePage } from '../../src/resources';
import { ResourceDialog } from '../../src/resources/form/resource-dialog';
import { FormHarness } from '../../src/resources/test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../src/resources/test-support/render';
import { generatedLabels } from '../../src/resources/test-support/generated-labels';
import { overrides } from '../index';

const generatedCzech = generatedLabels('cs');
const generatedEnglish = generatedLabels('en');

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

/** The descriptors with the overrides merged, and a person and a company as the API lists them. */
const merged = mergeOverrides(descriptorsByName, overrides);
const rows = [
  {
    id: 1,
    customer_no: 'Z-1',
    type: 'person',
    title_before: 'Ing.',
    first_name: 'Jan',
    last_name: 'Novák',
    title_after: 'Ph.D.',
  },
  { id: 2, customer_no: 'Z-2', type: 'company', company_name: 'ACME s.r.o.', crn: '25596641' },
];

describe('the customers list names each customer in one column', () => {
  it.each([
    ['cs', 'Jméno / název'],
    ['en', 'Name'],
  ] as const)('shows a person’s and a company’s whole name under "%s"', async (locale, header) => {
    const fake = fakeRequest(() => ({ data: { count: rows.length, results: rows } }));
    renderWithProviders(<ResourcePage descriptor={merged.customers!} />, {
      request: fake.request,
      overrides,
      descriptorsByName: merged,
      locale,
    });
    const person = await screen.findByRole('row', { name: 'Ing. Jan Novák, Ph.D.' });
    expect(within(person).getByText('Ing. Jan Novák, Ph.D.')).toBeTruthy();
    const company = screen.getByRole('row', { name: 'ACME s.r.o., IČO 25596641' });
    expect(within(company).getByText('ACME s.r.o., IČO 25596641')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');
    expect(headers.some((text) => text.includes(header))).toBe(true);
    expect(merged.customers!.columns).not.toContain('first_name');
    expect(merged.customers!.columns).not.toContain('company_name');
  });
});

/** A Blob's text (jsdom's Blob has no `text()`). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

describe('the customers CSV export (docs/product.md)', () => {
  it('writes the whole name the list shows, under its header, not the last name', async () => {
    const files: Blob[] = [];
    const createObjectURL = vi.fn((file: Blob) => {
      files.push(file);
      return 'blob:export';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fake = fakeRequest(() => ({ data: { count: rows.length, results: rows } }));
    renderWithProviders(<ResourcePage descriptor={merged.customers!} />, {
      request: fake.request,
      overrides,
      descriptorsByName: merged,
      labels: generatedCzech,
    });
    await screen.findByRole('row', { name: 'Ing. Jan Novák, Ph.D.' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    click.mockRestore();
    vi.unstubAllGlobals();
    const lines = (await blobText(files[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(';');
    const column = header.indexOf('Jméno / název');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(header).not.toContain('Příjmení');
    expect(lines[1]!.split(';')[column]).toBe('Ing. Jan Novák, Ph.D.');
    expect(lines[2]!.split(';')[column]).toBe('ACME s.r.o., IČO 25596641');
  });
});

describe('the customer dialog’s contracts', () => {
  const merged = mergeOverrides(descriptorsByName, overrides);
  const customer = {
    id: 5,
    customer_no: 'Z-5',
    type: 'person',
    first_name: 'Eva',
    last_name: 'Malá',
  };
  const contracts = [
    {
      id: 1,
      customer: 5,
      contract_no: 'S-OLD',
      state: 'terminated',
      mode: 'supply',
      valid_from: '2020-01-01',
      valid_to: '2021-12-31',
    },
    {
      id: 2,
      customer: 5,
      contract_no: 'S-NOW',
      state: 'active',
      mode: 'supply',
      valid_from: '2022-01-01',
      valid_to: null,
    },
    {
      id: 3,
      customer: 5,
      contract_no: 'S-NEXT',
      state: 'draft',
      mode: 'supply',
      valid_from: '2999-01-01',
      valid_to: '2999-12-31',
    },
  ];

  it.each([
    [
      'cs',
      [
        '31. 12. 2021 · skončila',
        'od 1. 1. 2022 · platí',
        '1. 1. 2999 – 31. 12. 2999 · ještě neplatí',
      ],
      'Ukončená',
    ],
    [
      'en',
      [
        '12/31/2021 · ended',
        'from 1/1/2022 · in force',
        '1/1/2999 – 12/31/2999 · not yet in force',
      ],
      'Terminated',
    ],
  ] as const)(
    'shows each contract’s state and validity at a glance in %s',
    async (locale, validity, state) => {
      const fake = fakeRequest((call) => {
        if (call.path === '/customers/5/') return { data: customer };
        if (call.path === '/contracts/') return { data: { count: 3, results: contracts } };
        return { data: { count: 0, results: [] } };
      });
      renderWithProviders(
        <ResourceDialog descriptor={merged.customers!} id={5} onClose={() => undefined} />,
        {
          request: fake.request,
          overrides,
          descriptorsByName: merged,
          locale,
          labels: locale === 'cs' ? generatedCzech : generatedEnglish,
        },
      );
      // The dialog's related lists are tabs: open the contracts'.
      // (The test catalogue names contracts in Czech in both languages.)
      const tab = await screen.findByRole('tab', { name: /^(Smlouvy|Contracts)$/ });
      await userEvent.click(tab);
      const old = await screen.findByRole('row', { name: 'S-OLD' });
      expect(old.textContent).toContain(validity[0]);
      expect(old.textContent).toContain(state);
      expect(screen.getByRole('row', { name: 'S-NOW' }).textContent).toContain(validity[1]);
      expect(screen.getByRole('row', { name: 'S-NEXT' }).textContent).toContain(validity[2]);
      const listed = fake.calls.find((call) => call.path === '/contracts/');
      expect(listed?.options.query?.filter).toBe('customer=5');
    },
  );
});
