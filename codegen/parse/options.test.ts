import { describe, expect, it } from 'vitest';
import { parseOptions } from './options';

describe.each<[string, unknown]>([
  ['null', null],
  [
    'no actions (caller may not create)',
    { name: 'Customer List', description: '', renders: [], parses: [] },
  ],
  ['actions of the wrong type', { actions: [] }],
])('parseOptions(%s)', (_name, raw) => {
  it('has no fields', () => expect(parseOptions(raw).post).toBeUndefined());
});

describe('parseOptions', () => {
  const meta = parseOptions({
    name: 'Customer List',
    actions: {
      POST: {
        credit_limit: {
          type: 'decimal',
          required: false,
          read_only: false,
          label: 'Credit limit',
          max_digits: 10,
          decimal_places: 2,
          min_value: '0.00',
        },
        state: {
          type: 'choice',
          required: true,
          read_only: false,
          label: 'State',
          choices: [
            { value: 'a', display_name: 'A', group: 'letters', group_name: 'Letters' },
            { value: 1, group: 'Not A Key!' },
            { display_name: 'no value' },
          ],
        },
        addresses: {
          type: 'list',
          required: false,
          read_only: true,
          label: 'Addresses',
          child: {
            type: 'nested object',
            children: { city: { type: 'string', required: true, read_only: false } },
          },
        },
        odd: 'not a field',
      },
    },
  });

  it('reads fields in order, numbers from strings', () => {
    expect([...(meta.post?.keys() ?? [])]).toEqual(['credit_limit', 'state', 'addresses']);
    expect(meta.post?.get('credit_limit')).toMatchObject({
      type: 'decimal',
      maxDigits: 10,
      decimalPlaces: 2,
      minValue: 0,
    });
  });

  it('reads choices, naming a choice without display_name by its value', () => {
    expect(meta.post?.get('state')?.choices).toEqual([
      { value: 'a', displayName: 'A', group: 'letters', groupName: 'Letters' },
      { value: 1, displayName: '1' },
    ]);
  });

  it('reads nested children', () => {
    expect(meta.post?.get('addresses')?.child?.children?.get('city')).toMatchObject({
      type: 'string',
      required: true,
    });
  });
});

describe('Joule x-singular and x-create', () => {
  it('reads both names', () => {
    const parsed = parseOptions({
      name: 'Zákazníci',
      'x-singular': 'Zákazník',
      'x-create': 'Nový zákazník',
    });
    expect(parsed).toMatchObject({ singular: 'Zákazník', create: 'Nový zákazník' });
  });

  it('leaves out blank or missing names (plain DRF)', () => {
    const parsed = parseOptions({ name: 'Customer List', 'x-singular': ' ' });
    expect(parsed.singular).toBeUndefined();
    expect(parsed.create).toBeUndefined();
  });
});
