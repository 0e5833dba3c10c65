import { describe, expect, it } from 'vitest';
import { parseOptions } from '../parse/options';
import { fieldModel } from '../test-support/builders';
import { resourceMessages, viewTitle, type OptionsChain } from './messages';
import type { ResourceModel } from './resource';

const model = {
  descriptor: { name: 'things', title: 'resource.things.title' },
  fields: [
    fieldModel({
      name: 'state',
      kind: 'choice',
      fallbackLabel: 'State',
      choices: [
        { value: 'a', label: 'resource.things.field.state.choice.a' },
        { value: 1, label: 'resource.things.field.state.choice.1' },
      ],
      fallbackChoiceNames: new Map([['a', 'Alpha']]),
    }),
    fieldModel({
      name: 'address',
      kind: 'object',
      fallbackLabel: 'Address',
      fields: [
        fieldModel({
          name: 'city',
          label: 'resource.things.field.address.city.label',
          fallbackLabel: 'City',
        }),
      ],
    }),
  ],
} as unknown as ResourceModel;

const cs = parseOptions({
  name: 'Věci',
  actions: {
    POST: {
      state: { type: 'choice', label: 'Stav', choices: [{ value: 'a', display_name: 'Ano' }] },
      address: { type: 'nested object', children: { city: { type: 'string', label: 'Město' } } },
    },
  },
});
const en = parseOptions({
  name: 'Thing List',
  actions: {
    POST: {
      state: { type: 'choice', label: 'State', choices: [{ value: 1, display_name: 'One' }] },
    },
  },
});

describe.each<[string, { chain: OptionsChain; want: Record<string, string> }]>([
  [
    'this language first, then the fallback language, then defaults',
    {
      chain: [cs, en],
      want: {
        'resource.things.title': 'Věci',
        'resource.things.field.state.label': 'Stav',
        'resource.things.field.state.choice.a': 'Ano',
        'resource.things.field.state.choice.1': 'One',
        'resource.things.field.address.label': 'Address',
        'resource.things.field.address.city.label': 'Město',
      },
    },
  ],
  [
    'no OPTIONS at all',
    {
      chain: [undefined, undefined],
      want: {
        'resource.things.title': 'Things',
        'resource.things.field.state.label': 'State',
        'resource.things.field.state.choice.a': 'Alpha',
        'resource.things.field.state.choice.1': '1',
        'resource.things.field.address.label': 'Address',
        'resource.things.field.address.city.label': 'City',
      },
    },
  ],
  ['DRF view name loses " List"', { chain: [en], want: { 'resource.things.title': 'Thing' } }],
])('%s', (_name, { chain, want }) => {
  it('writes texts for every id', () => {
    const catalogue = new Map<string, string>();
    resourceMessages(model, chain, catalogue);
    expect(Object.fromEntries(catalogue)).toMatchObject(want);
  });
});

describe.each([
  ['Customer List', 'Customer'],
  ['Zákazníci', 'Zákazníci'],
  [' List', undefined],
  ['', undefined],
  [undefined, undefined],
])('viewTitle(%s)', (name, want) => {
  it(`is ${String(want)}`, () => expect(viewTitle(name)).toBe(want));
});

describe('singular and create names (Joule x-singular, x-create)', () => {
  const named = {
    ...model,
    descriptor: {
      ...model.descriptor,
      singular: 'resource.things.singular',
      create: 'resource.things.create',
    },
    names: { singular: 'Thing', create: 'New thing' },
  } as unknown as ResourceModel;
  const csNamed = parseOptions({ name: 'Věci', 'x-singular': 'Věc', 'x-create': 'Nová věc' });

  it('takes each language from its OPTIONS answer', () => {
    const catalogue = new Map<string, string>();
    resourceMessages(named, [csNamed, en], catalogue);
    expect(catalogue.get('resource.things.singular')).toBe('Věc');
    expect(catalogue.get('resource.things.create')).toBe('Nová věc');
  });

  it('falls back to the OpenAPI document English names', () => {
    const catalogue = new Map<string, string>();
    resourceMessages(named, [cs, undefined], catalogue);
    expect(catalogue.get('resource.things.singular')).toBe('Thing');
    expect(catalogue.get('resource.things.create')).toBe('New thing');
  });

  it('writes neither for a plain DRF back-end', () => {
    const catalogue = new Map<string, string>();
    resourceMessages(model, [en], catalogue);
    expect([...catalogue.keys()].filter((id) => /\.(singular|create)$/.test(id))).toEqual([]);
  });
});
