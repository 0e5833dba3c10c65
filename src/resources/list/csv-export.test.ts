import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { QueryClient } from '@tanstack/react-query';
import { contracts, descriptorsByName } from '../test-support/fixtures';
import { fakeRequest, type Call } from '../test-support/render';
import { csvFileName, csvTable, exportCsv, localDateTime, toCsv, type CsvText } from './csv-export';
import { DEFAULT_LIST_STATE } from './list-query';

const cs: CsvText = {
  locale: 'cs',
  yes: 'Ano',
  no: 'Ne',
  message: (id, fallback) =>
    ({
      'resource.test.field.contract_no.label': 'Číslo smlouvy',
      'resource.test.field.state.label': 'Stav',
      'resource.test.field.price.label': 'Cena',
      'resource.test.field.customer.label': 'Zákazník',
      'resource.test.field.is_active.label': 'Aktivní',
      'resource.contracts.field.state.choice.active': 'Platná',
    })[id] ?? fallback,
};

const row = (id: number) => ({
  id,
  contract_no: `S-${id}`,
  customer: 7,
  state: 'active',
  price: '-1234.50',
  is_active: true,
});

/** A list of `count` contracts, paged as DRF pages it. */
function server(count: number) {
  return ({ path, options }: Call) => {
    if (path === '/customers/7/') return { data: { id: 7, first_name: 'Jan', last_name: 'Novák' } };
    const page = Number(options.query?.page);
    const size = Number(options.query?.page_size);
    const rows = Array.from({ length: count }, (_, i) => row(i + 1)).slice(
      (page - 1) * size,
      page * size,
    );
    return { data: { count, results: rows } };
  };
}

describe('CSV export', () => {
  it('writes labels, choice labels, reference titles, a BOM and Czech separators', async () => {
    const { request } = fakeRequest(server(2));
    const { file, name } = await exportCsv({
      request,
      client: new QueryClient(),
      descriptor: contracts,
      descriptorsByName,
      state: DEFAULT_LIST_STATE,
      columns: ['contract_no', 'customer', 'state', 'price', 'is_active'],
      text: cs,
    });
    expect(name).toMatch(/^contracts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')).toEqual([
      'Číslo smlouvy;Zákazník;Stav;Cena;Aktivní',
      'S-1;Jan Novák;Platná;-1234,50;Ano',
      'S-2;Jan Novák;Platná;-1234,50;Ano',
    ]);
  });

  it('quotes separators and defuses formulas', async () => {
    const csv = await toCsv(
      [
        ['a', 'b'],
        ['x, "y"', '=1+1'],
      ],
      'en',
    );
    const parsed = Papa.parse<string[]>(csv.slice(1)).data;
    expect(parsed).toEqual([
      ['a', 'b'],
      ['x, "y"', "'=1+1"],
    ]);
  });

  it('keeps ids when a referenced resource is unknown', () => {
    const table = csvTable({ ...contracts }, ['customer'], [row(1)], cs, {});
    expect(table).toEqual([['Zákazník'], ['7']]);
  });

  it('names the file after the resource and the day', () => {
    expect(csvFileName('customers', new Date(2026, 0, 5))).toBe('customers-2026-01-05.csv');
  });
});

describe('CSV date-times (docs/product.md)', () => {
  it('writes local time with its offset, not UTC Z', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Prague';
    try {
      expect(localDateTime('2025-12-30T23:00:00Z')).toBe('2025-12-31T00:00:00+01:00');
      expect(localDateTime('2025-06-30T22:00:00.000Z')).toBe('2025-07-01T00:00:00+02:00');
      expect(localDateTime('not a time')).toBe('not a time');
      const withTime = {
        ...contracts,
        fields: [
          ...contracts.fields,
          {
            name: 'taken',
            kind: 'datetime' as const,
            label: 'resource.test.field.taken.label',
            required: false,
            readOnly: true,
            nullable: true,
          },
        ],
      };
      const table = csvTable(withTime, ['taken'], [{ id: 1, taken: '2025-12-30T23:00:00Z' }], cs);
      expect(table[1]).toEqual(['2025-12-31T00:00:00+01:00']);
    } finally {
      process.env.TZ = zone;
    }
  });
});
