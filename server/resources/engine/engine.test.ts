/**
 * The engine on a resource with every field type, declared here on a table that exists
 * only in this test: decimals, dates, date-times, choices, nullable sort keys and a
 * foreign key to roles.
 */
import { sql } from 'drizzle-orm';
import {
  date,
  integer,
  numeric,
  pgTable,
  serial,
  text as textColumn,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from '../../i18n/text';
import { resources } from '../definitions';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';
import { defineResource, idField } from './define';

const gadgets = pgTable('gadgets', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  price: numeric('price', { precision: 8, scale: 2 }),
  released: date('released', { mode: 'string' }),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  kind: textColumn('kind').notNull(),
  count: integer('count').notNull(),
  roleId: integer('role_id'),
});

/** What the gadgets' `authorizeWrite` hook was called with. */
const authorizations: { operation: string; email: string; name: unknown }[] = [];

const gadgetsResource = defineResource({
  name: 'gadgets',
  component: 'Gadget',
  privilege: 'PRODUCTS',
  table: gadgets,
  labels: {
    singular: text('Gadget', 'Udělátko'),
    plural: text('Gadgets', 'Udělátka'),
    create: text('New gadget', 'Nové udělátko'),
  },
  titleField: 'name',
  fields: {
    id: idField(gadgets.id),
    name: {
      type: 'string',
      column: gadgets.name,
      label: text('Name', 'Název'),
      required: true,
      maxLength: 50,
    },
    price: {
      type: 'decimal',
      column: gadgets.price,
      label: text('Price', 'Cena'),
      maxDigits: 8,
      decimalPlaces: 2,
      minValue: 0,
      nullable: true,
    },
    released: {
      type: 'date',
      column: gadgets.released,
      label: text('Released', 'Vydáno'),
      nullable: true,
    },
    seen_at: {
      type: 'datetime',
      column: gadgets.seenAt,
      label: text('Seen at', 'Viděno'),
      nullable: true,
    },
    kind: {
      type: 'choice',
      column: gadgets.kind,
      label: text('Kind', 'Druh'),
      choices: [
        { value: 'tool', label: text('Tool', 'Nástroj') },
        { value: 'toy', label: text('Toy', 'Hračka') },
      ],
      default: 'tool',
    },
    count: {
      type: 'integer',
      column: gadgets.count,
      label: text('Count', 'Počet'),
      minValue: 0,
      default: 0,
    },
    role: {
      type: 'field',
      reference: 'roles',
      column: gadgets.roleId,
      label: text('Role', 'Role'),
      nullable: true,
    },
  },
  // Row-level authorization: the engine hands the hook who writes what, and answers 403.
  authorizeWrite({ operation, values, existing, principal }) {
    authorizations.push({ operation, email: principal.email, name: existing?.name });
    if (values.name === 'Forbidden') return text('No forbidden gadgets.', 'Žádná zakázaná.');
    if (operation === 'delete' && existing?.name === 'Keep')
      return text('Keep stays.', 'Keep zůstává.');
    return undefined;
  },
  searchFields: ['name'],
  sortFields: ['id', 'name', 'price', 'released', 'seen_at', 'kind'],
  filterFields: ['kind', 'role', 'price', 'released'],
  defaultSort: ['name'],
});

let server: TestServer;
let admin: string;

beforeAll(async () => {
  const resourcesWithGadgets = [...resources, gadgetsResource];
  server = await startTestServer({ resources: resourcesWithGadgets });
  await server.database.db.execute(sql`create table gadgets (
    id serial primary key, name varchar(50) not null, price numeric(8, 2), released date,
    seen_at timestamptz, kind text not null, count integer not null,
    role_id integer references roles (id))`);
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

async function create(body: Record<string, unknown>) {
  return server.request('/gadgets/', { method: 'POST', token: admin, body });
}

describe('serialization', () => {
  it('sends decimals with fixed places, dates and UTC date-times, and applies defaults', async () => {
    const response = await create({
      name: 'Lamp',
      price: 12.5,
      released: '2024-02-29',
      seen_at: '2025-03-01T10:15:00+01:00',
      role: '2',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: 'Lamp',
      price: '12.50',
      released: '2024-02-29',
      seen_at: '2025-03-01T09:15:00Z',
      kind: 'tool',
      count: 0,
      role: 2,
      role_title: 'Clerk',
    });
  });
});

describe('validation messages', () => {
  it.each([
    [{ price: 'abc' }, { price: ['A valid number is required.'] }],
    [{ price: '12345678.9' }, { price: ['Ensure that there are no more than 8 digits in total.'] }],
    [{ price: '1.555' }, { price: ['Ensure that there are no more than 2 decimal places.'] }],
    [
      { price: '1234567' },
      { price: ['Ensure that there are no more than 6 digits before the decimal point.'] },
    ],
    [{ price: '-1' }, { price: ['Ensure this value is greater than or equal to 0.'] }],
    [
      { released: '2023-02-29' },
      { released: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
    ],
    [
      { seen_at: 'yesterday' },
      {
        seen_at: [
          'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
        ],
      },
    ],
    [{ kind: 'weapon' }, { kind: ['"weapon" is not a valid choice.'] }],
    [{ kind: null }, { kind: ['This field may not be null.'] }],
    [{ count: 1.5 }, { count: ['A valid integer is required.'] }],
    [{ count: -1 }, { count: ['Ensure this value is greater than or equal to 0.'] }],
    [
      { count: 3_000_000_000 },
      { count: ['Ensure this value is less than or equal to 2147483647.'] },
    ],
    [{ role: 999 }, { role: ['Invalid pk "999" - object does not exist.'] }],
    [{ role: 99_999_999_999 }, { role: ['Invalid pk "99999999999" - object does not exist.'] }],
    [{ role: 'abc' }, { role: ['Incorrect type. Expected pk value, received str.'] }],
  ])('%j → %j', async (fields, errors) => {
    const response = await create({ name: 'X', ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('collects the errors of several fields, in Czech when asked', async () => {
    const response = await server.request('/gadgets/', {
      method: 'POST',
      token: admin,
      lang: 'cs',
      body: { price: '1.555', kind: 'weapon' },
    });
    expect(response.body).toEqual({
      name: ['Tato položka je povinná.'],
      price: ['Zkontrolujte, že číslo nemá více než 2 desetinných míst.'],
      kind: ['"weapon" není platná možnost.'],
    });
  });
});

describe('references', () => {
  it('refuses to delete a role a gadget points at', async () => {
    const role = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Gadgeteers' },
    });
    await create({ name: 'Widget', role: role.body.id });
    const response = await server.request(`/roles/${role.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: 'Cannot delete role "Gadgeteers" because it is referenced by gadgets: Widget.',
    });
  });
});

describe('row-level authorization (authorizeWrite)', () => {
  it('sees the principal and the stored row, and answers 403 with its reason', async () => {
    authorizations.length = 0;
    const refused = await server.request('/gadgets/', {
      method: 'POST',
      token: admin,
      lang: 'cs',
      body: { name: 'Forbidden' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Žádná zakázaná.' });
    const kept = await create({ name: 'Keep' });
    expect(kept.status).toBe(201);
    const path = `/gadgets/${kept.body.id}/`;
    const renamed = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { name: 'Forbidden' },
    });
    expect(renamed.status).toBe(403);
    const deleted = await server.request(path, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual({ detail: 'Keep stays.' });
    expect((await server.request(path, { token: admin })).body.name).toBe('Keep');
    expect(authorizations).toEqual([
      { operation: 'create', email: DEMO_USERS.admin, name: undefined },
      { operation: 'create', email: DEMO_USERS.admin, name: undefined },
      { operation: 'update', email: DEMO_USERS.admin, name: 'Keep' },
      { operation: 'delete', email: DEMO_USERS.admin, name: 'Keep' },
    ]);
  });

  it('runs after the body parsed: a malformed body is still a 400', async () => {
    const response = await server.request('/gadgets/', {
      method: 'POST',
      token: admin,
      body: { name: 'Forbidden', count: 'many' },
    });
    expect(response.status).toBe(400);
  });
});

describe('references the caller may not read', () => {
  it('counts them without naming them', async () => {
    const role = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Secret gadgeteers' },
    });
    await create({ name: 'Secret widget', role: role.body.id });
    await create({ name: 'Secret lamp', role: role.body.id });
    const keeper = await server.loginWithPrivileges(['ROLES']); // no PRODUCTS: cannot list gadgets
    const response = await server.request(`/roles/${role.body.id}/`, {
      method: 'DELETE',
      token: keeper,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail:
        'Cannot delete role "Secret gadgeteers" because it is referenced by gadgets (number of records: 2).',
    });
  });
});

describe('database foreign keys', () => {
  it('answers 400, not 500, when only the database knows about a reference', async () => {
    const role = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Noted' },
    });
    await server.database.db.execute(
      sql`create table notes (id serial primary key, role_id integer references roles (id))`,
    );
    await server.database.db.execute(sql`insert into notes (role_id) values (${role.body.id})`);
    const response = await server.request(`/roles/${role.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: 'Cannot delete this record because other records still reference it.',
    });
  });
});

describe('lists over nullable and typed columns', () => {
  beforeAll(async () => {
    await server.database.db.execute(sql`delete from gadgets`);
    const rows: [string, string | null, string | null][] = [
      ['a', '5.00', '2025-01-01'],
      ['b', null, '2025-02-01'],
      ['c', '1.00', null],
      ['d', '5.00', '2025-03-01'],
      ['e', null, '2025-01-15'],
      ['f', '3.00', '2025-01-20'],
      ['g', '1.00', null],
    ];
    for (const [name, price, released] of rows) {
      expect(
        (await create({ name, price, released, kind: name < 'd' ? 'tool' : 'toy' })).status,
      ).toBe(201);
    }
  });

  async function namesOf(query: string): Promise<string[]> {
    const response = await server.request(`/gadgets/${query}`, { token: admin });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.results.map((row: { name: string }) => row.name);
  }

  it.each(['price', '-price', 'released,-name', '-released,price', 'kind,-price'])(
    'keyset pages over sort=%s match the full ordering, both ways',
    async (sort) => {
      const expected = await namesOf(`?sort=${sort}&page_size=100`);
      const all = (await server.request(`/gadgets/?sort=${sort}&page_size=100`, { token: admin }))
        .body.results as { id: number; name: string }[];
      for (let i = 0; i < all.length; i += 1) {
        const after = await namesOf(`?sort=${sort}&page_size=2&page_after_id=${all[i]!.id}`);
        expect(after, `after ${all[i]!.name}`).toEqual(expected.slice(i + 1, i + 3));
        const before = await namesOf(
          `?sort=${sort}&page_size=2&page_after_id=${all[i]!.id}&direction=prev`,
        );
        expect(before, `before ${all[i]!.name}`).toEqual(expected.slice(Math.max(0, i - 2), i));
      }
    },
  );

  it('puts NULLs last ascending and first descending', async () => {
    expect(await namesOf('?sort=price,name&page_size=100')).toEqual([
      'c',
      'g',
      'f',
      'a',
      'd',
      'b',
      'e',
    ]);
    expect(await namesOf('?sort=-price,name&page_size=100')).toEqual([
      'b',
      'e',
      'a',
      'd',
      'f',
      'c',
      'g',
    ]);
  });

  it('filters decimals, dates, choices and NULL, and bounds dates', async () => {
    expect(await namesOf('?filter=price=5')).toEqual(['a', 'd']);
    expect(await namesOf('?filter=price=null')).toEqual(['b', 'e']);
    expect(await namesOf('?filter=kind=toy,released=2025-03-01')).toEqual(['d']);
    expect(await namesOf('?gte=released=2025-01-15&lte=released=2025-02-01')).toEqual([
      'b',
      'e',
      'f',
    ]);
    const bad = await server.request('/gadgets/?gte=released=tomorrow', { token: admin });
    expect(bad.body).toEqual({
      gte: ['released: Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
  });
});

describe('metadata of every field type', () => {
  it('OPTIONS reports limits, decimals and choices as DRF does', async () => {
    const response = await server.request('/gadgets/', {
      method: 'OPTIONS',
      token: admin,
      lang: 'cs',
    });
    const fields = response.body.actions.POST;
    expect(fields.price).toEqual({
      type: 'decimal',
      required: false,
      read_only: false,
      label: 'Cena',
      min_value: 0,
      max_digits: 8,
      decimal_places: 2,
    });
    expect(fields.kind.choices).toEqual([
      { value: 'tool', display_name: 'Nástroj' },
      { value: 'toy', display_name: 'Hračka' },
    ]);
    expect(fields.role).toEqual({
      type: 'field',
      required: false,
      read_only: false,
      label: 'Role',
    });
  });

  it('OpenAPI has a decimal pattern, an enum component and x-reference', async () => {
    const schema = (await server.request('/schema/')).body;
    const gadget = schema.components.schemas.Gadget;
    expect(gadget.properties.price).toEqual({
      type: 'string',
      format: 'decimal',
      pattern: '^-?\\d{0,6}(?:\\.\\d{0,2})?$',
      nullable: true,
    });
    expect(gadget.properties.kind).toEqual({
      allOf: [{ $ref: '#/components/schemas/KindEnum' }],
      default: 'tool',
    });
    expect(schema.components.schemas.KindEnum).toEqual({
      enum: ['tool', 'toy'],
      type: 'string',
      description: '* `tool` - Tool\n* `toy` - Toy',
    });
    expect(gadget.properties.role).toEqual({
      type: 'integer',
      'x-reference': 'roles',
      nullable: true,
    });
    expect(gadget.properties.seen_at).toEqual({
      type: 'string',
      format: 'date-time',
      nullable: true,
    });
  });
});
