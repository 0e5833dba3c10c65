import { describe, expect, it } from 'vitest';
import { describedNames, fieldChoices, type ChoicesInput } from './choices';

const base = { resource: 'customers', path: ['customer_type'] } as const;

describe.each<
  [string, { given: ChoicesInput; values: (string | number)[]; names: Record<string, string> }]
>([
  [
    'OPTIONS choices, in order',
    {
      given: {
        ...base,
        optionsChoices: [
          { value: 'person', displayName: 'Person' },
          { value: 'company', displayName: 'Company' },
        ],
        enumValues: ['company', 'person'],
      },
      values: ['person', 'company'],
      names: { person: 'Person', company: 'Company' },
    },
  ],
  [
    'enum with drf-spectacular description',
    {
      given: {
        ...base,
        enumValues: ['person', 'company'],
        description: 'Kind\n\n* `person` - Natural person\n* `company` - Company',
      },
      values: ['person', 'company'],
      names: { person: 'Natural person', company: 'Company' },
    },
  ],
  [
    'enum without description uses values',
    { given: { ...base, enumValues: [1, 3] }, values: [1, 3], names: { '1': '1', '3': '3' } },
  ],
  [
    'blank, null and duplicates are dropped',
    { given: { ...base, enumValues: ['', 'a', null, 'a'] }, values: ['a'], names: { a: 'a' } },
  ],
  [
    'empty OPTIONS choices fall back to the enum',
    { given: { ...base, optionsChoices: [], enumValues: ['x'] }, values: ['x'], names: { x: 'x' } },
  ],
  ['nothing', { given: { ...base }, values: [], names: {} }],
])('%s', (_name, { given, values, names }) => {
  it('lists values with message ids and fallback names', () => {
    const result = fieldChoices(given);
    expect(result.choices.map((c) => c.value)).toEqual(values);
    for (const c of result.choices) {
      expect(c.label).toBe(`resource.customers.field.customer_type.choice.${String(c.value)}`);
    }
    expect(Object.fromEntries(result.fallbackNames)).toEqual(names);
  });
});

describe('grouped choices (Joule OPTIONS `group`)', () => {
  it('carries each choice’s group as a message id, and none for an ungrouped one', () => {
    const { choices } = fieldChoices({
      resource: 'roles',
      path: ['privileges'],
      optionsChoices: [
        { value: 'USERS', displayName: 'Users', group: 'administration', groupName: 'Admin' },
        { value: 'FUSES', displayName: 'Fuses' },
      ],
    });
    expect(choices).toEqual([
      {
        value: 'USERS',
        label: 'resource.roles.field.privileges.choice.USERS',
        group: 'resource.roles.field.privileges.group.administration',
      },
      { value: 'FUSES', label: 'resource.roles.field.privileges.choice.FUSES' },
    ]);
  });
});

describe('describedNames', () => {
  it('reads only bullet lines', () => {
    expect(
      Object.fromEntries(describedNames('Help\n* `a` - Alpha \n- `b` - no\n*  `c`  -  Gamma')),
    ).toEqual({ a: 'Alpha', c: 'Gamma' });
  });
});
