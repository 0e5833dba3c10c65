import { describe, expect, it } from 'vitest';
import type { FieldDescriptor } from './descriptor';
import { rowTitle } from './row-title';

const person = { idField: 'id', titleFields: ['title_before', 'first_name', 'last_name'] };

describe.each([
  [
    'joins the title fields',
    { given: { id: 1, first_name: 'Jan', last_name: 'Novák' }, want: 'Jan Novák' },
  ],
  [
    'leaves out empty and null parts',
    { given: { id: 2, title_before: null, first_name: ' ', last_name: 'Dvořák' }, want: 'Dvořák' },
  ],
  ['stringifies numbers', { given: { id: 3, first_name: 42, last_name: 'B' }, want: '42 B' }],
  ['falls back to the id', { given: { id: 4 }, want: '#4' }],
  ['ignores objects', { given: { id: 5, first_name: { a: 1 }, last_name: 'C' }, want: 'C' }],
])('rowTitle %s', (_name, { given, want }) => {
  it(`gives ${want}`, () => {
    expect(rowTitle(person, given)).toBe(want);
  });
});

describe('rowTitle without title fields', () => {
  it('uses the id', () => {
    expect(rowTitle({ idField: 'code', titleFields: [] }, { code: 'X1' })).toBe('#X1');
  });
});

const field = (name: string, kind: FieldDescriptor['kind'], extra = {}): FieldDescriptor => ({
  name,
  kind,
  label: `resource.x.field.${name}.label`,
  required: false,
  readOnly: false,
  nullable: true,
  ...extra,
});

const measurements = {
  idField: 'id',
  titleFields: ['tariff_device', 'timestamp_received'],
  fields: [
    field('tariff_device', 'reference', {
      reference: 'tariffdevices',
      titleField: 'tariff_device_title',
    }),
    field('timestamp_received', 'datetime'),
  ],
};

describe('rowTitle of references and formatted parts', () => {
  it('names a reference by the title the server embeds, never by its id', () => {
    const row = {
      id: 73001,
      tariff_device: 8,
      tariff_device_title: 'SN-1 Elektroměr',
      timestamp_received: '2025-01-01T10:00:00Z',
    };
    expect(rowTitle(measurements, row)).toBe('SN-1 Elektroměr 2025-01-01T10:00:00Z');
    expect(rowTitle(measurements, row, (_f, value) => `<${String(value)}>`)).toBe(
      'SN-1 Elektroměr <2025-01-01T10:00:00Z>',
    );
  });

  it('leaves a reference without an embedded title out (plain DRF), else #id', () => {
    const drf = {
      ...measurements,
      fields: [field('tariff_device', 'reference', { reference: 'tariffdevices' })],
      titleFields: ['tariff_device'],
    };
    expect(rowTitle(drf, { id: 5, tariff_device: 8 })).toBe('#5');
  });
});

describe('rowTitle with title cases', () => {
  const customers = {
    idField: 'id',
    titleFields: ['customer_no'],
    titleCases: {
      field: 'type',
      cases: {
        person: [
          'title_before',
          'first_name',
          'last_name',
          { field: 'title_after', separator: ', ' },
        ],
        company: ['company_name', { field: 'crn', separator: ', IČO ' }],
      },
    },
  };

  it.each([
    [
      {
        type: 'person',
        title_before: 'Ing.',
        first_name: 'Jan',
        last_name: 'Novák',
        title_after: 'Ph.D.',
      },
      'Ing. Jan Novák, Ph.D.',
    ],
    [{ type: 'person', first_name: 'Jan', last_name: 'Novák', title_after: '' }, 'Jan Novák'],
    [
      { type: 'company', company_name: 'ACME s.r.o.', crn: '25596641' },
      'ACME s.r.o., IČO 25596641',
    ],
    [{ type: 'company', company_name: '', crn: '25596641' }, '25596641'],
    [{ type: 'other', customer_no: 'K-1' }, 'K-1'],
    [{ id: 9, type: 'company' }, '#9'],
  ])('names %j as %s', (row, want) => {
    expect(rowTitle(customers, row)).toBe(want);
  });
});
