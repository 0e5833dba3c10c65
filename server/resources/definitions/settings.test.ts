import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { expectForbidden, startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let clerk: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
});
afterAll(() => server.close());

/** A valid body to create and a change to PATCH, per resource. */
const CASES: Record<string, { create: Record<string, unknown>; patch: Record<string, unknown> }> = {
  products: { create: { name: 'Elektřina Fix' }, patch: { name: 'Elektřina Fix 2' } },
  discounts: {
    create: {
      name: 'Věrnostní',
      valid_from: '2025-01-01',
      valid_to: null,
      percent: '5.00',
      applies_to: 'energy',
    },
    patch: { valid_to: '2025-12-31' },
  },
  suppliers: { create: { name: 'Joule Energie', code: '8591824' }, patch: { code: 'JOULE' } },
  distributors: { create: { name: 'Testovací DS', code: 'TDS' }, patch: { name: 'TDS a.s.' } },
  fuses: {
    create: {
      text: '1×16 A',
      from_1phase: 0,
      to_1phase: 16,
      from_3phase: null,
      to_3phase: null,
      price_for_every_a: '12.50',
    },
    patch: { price_for_every_a: '13.00' },
  },
  obises: {
    create: { obis: '1-0:1.8.3*255', description: 'Tarif 3', convert_to_float: true, keep: false },
    patch: { keep: true },
  },
  collectors: {
    create: {
      serial_number: 'SN-TEST-1',
      mac: '00:1A:2B:3C:4D:5E',
      boot_version: '1.2.3',
      name: 'Koncentrátor Brno',
      last_seen: '2025-06-01T10:00:00Z',
    },
    patch: { name: 'Koncentrátor Ostrava' },
  },
  pricelists: {
    create: { name: 'Ceník 2025', valid_from: '2025-01-01', valid_to: '2025-12-31' },
    patch: { valid_to: null },
  },
  reports: { create: { name: 'Měsíční spotřeba' }, patch: { name: 'Roční spotřeba' } },
};

describe.each(Object.entries(CASES))('%s', (name, { create, patch }) => {
  it('creates, reads, updates, lists and deletes', async () => {
    const created = await server.request(`/${name}/`, {
      method: 'POST',
      token: admin,
      body: create,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(typeof id).toBe('number');
    for (const [key, value] of Object.entries(create)) {
      if (key === 'last_seen') expect(created.body[key]).toMatch(/^2025-06-01T10:00:00/);
      else expect(created.body[key], key).toEqual(value);
    }
    const read = await server.request(`/${name}/${id}/`, { token: admin });
    expect(read.body).toEqual(created.body);
    const patched = await server.request(`/${name}/${id}/`, {
      method: 'PATCH',
      token: admin,
      body: patch,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...created.body, ...patch });
    const list = await server.request(`/${name}/?page_size=9999`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.results.map((row: { id: number }) => row.id)).toContain(id);
    const deleted = await server.request(`/${name}/${id}/`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(204);
    expect((await server.request(`/${name}/${id}/`, { token: admin })).status).toBe(404);
  });

  it('answers 403 without its privilege', async () => {
    await expectForbidden(server, clerk, [name], create);
  });

  it('requires its fields', async () => {
    const response = await server.request(`/${name}/`, { method: 'POST', token: admin, body: {} });
    expect(response.status).toBe(400);
    expect(Object.values(response.body).flat()).toContain('This field is required.');
  });
});

async function post(name: string, body: unknown, lang?: string) {
  return server.request(`/${name}/`, { method: 'POST', token: admin, body, lang });
}

describe('validity periods', () => {
  it.each(['discounts', 'pricelists'])(
    '%s: valid_to before valid_from → 400 in en and cs',
    async (name) => {
      const body = {
        name: 'Zpětná',
        valid_from: '2025-02-01',
        valid_to: '2025-01-31',
        ...(name === 'discounts' && { percent: '5' }),
      };
      const en = await post(name, body);
      expect(en.status).toBe(400);
      expect(en.body).toEqual({
        valid_to: ['The end of validity must not be before its start.'],
      });
      const cs = await post(name, body, 'cs');
      expect(cs.body).toEqual({ valid_to: ['Konec platnosti nesmí být před jejím začátkem.'] });
      const sameDay = await post(name, { ...body, valid_to: '2025-02-01' });
      expect(sameDay.status).toBe(201);
    },
  );

  it('checks a PATCH against the stored start', async () => {
    const created = await post('discounts', {
      name: 'Jarní',
      valid_from: '2025-03-01',
      percent: '5',
    });
    const response = await server.request(`/discounts/${created.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { valid_to: '2025-02-28' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      valid_to: ['The end of validity must not be before its start.'],
    });
  });
});

describe('fuse ranges', () => {
  const fuse = { text: 'Zkušební', price_for_every_a: '10.00' };
  it('refuses from > to, in en and cs', async () => {
    const body = { ...fuse, from_1phase: 25, to_1phase: 20, from_3phase: 32, to_3phase: 10 };
    const en = await post('fuses', body);
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      to_1phase: ['The upper bound must not be lower than the lower bound.'],
      to_3phase: ['The upper bound must not be lower than the lower bound.'],
    });
    const cs = await post('fuses', body, 'cs');
    expect(cs.body).toEqual({
      to_1phase: ['Horní mez nesmí být nižší než dolní mez.'],
      to_3phase: ['Horní mez nesmí být nižší než dolní mez.'],
    });
  });

  it('refuses negative currents and prices', async () => {
    const response = await post('fuses', { ...fuse, from_1phase: -1, price_for_every_a: '-1.00' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      from_1phase: ['Ensure this value is greater than or equal to 0.'],
      price_for_every_a: ['Ensure this value is greater than or equal to 0.'],
    });
  });
});

describe('fuse ranges against the stored row', () => {
  const fuse = { text: 'Zkušební 2', price_for_every_a: '10.00' };
  it('accepts from = to (1×25 A) and checks a PATCH of one end against the stored other', async () => {
    const created = await post('fuses', {
      ...fuse,
      from_1phase: 25,
      to_1phase: 25,
      from_3phase: 16,
      to_3phase: 25,
    });
    expect(created.status).toBe(201);
    const path = `/fuses/${created.body.id}/`;
    const lower = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { to_3phase: 10 },
    });
    expect(lower.status).toBe(400);
    expect(lower.body).toEqual({
      to_3phase: ['The upper bound must not be lower than the lower bound.'],
    });
    const higher = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { from_1phase: 32 },
      lang: 'cs',
    });
    expect(higher.status).toBe(400);
    expect(higher.body).toEqual({ to_1phase: ['Horní mez nesmí být nižší než dolní mez.'] });
    const negative = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { to_3phase: -1 },
    });
    expect(negative.status).toBe(400);
    expect(negative.body).toHaveProperty('to_3phase', [
      'Ensure this value is greater than or equal to 0.',
    ]);
    const stored = await server.request(path, { token: admin });
    expect(stored.body).toMatchObject({
      from_1phase: 25,
      to_1phase: 25,
      from_3phase: 16,
      to_3phase: 25,
    });
  });
});

describe('OBIS codes', () => {
  it.each(['1.8.5', '1-0:2.8.5*255', '0-0:96.1.0'])('accepts %s', async (obis) => {
    expect((await post('obises', { obis })).status).toBe(201);
  });

  it.each(['1.8', 'abc', '1-0:1.8.1*', '1:1.8.1'])('refuses %s in en and cs', async (obis) => {
    const en = await post('obises', { obis });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      obis: ['Enter an OBIS code in the standard notation, e.g. 1.8.1 or 1-0:1.8.1*255.'],
    });
    const cs = await post('obises', { obis }, 'cs');
    expect(cs.body).toEqual({
      obis: ['Zadejte OBIS kód ve standardním zápisu, např. 1.8.1 nebo 1-0:1.8.1*255.'],
    });
  });

  it('keeps obis unique', async () => {
    expect((await post('obises', { obis: '9.9.9' })).status).toBe(201);
    const en = await post('obises', { obis: '9.9.9' });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ obis: ['OBIS code with this OBIS already exists.'] });
    const cs = await post('obises', { obis: '9.9.9' }, 'cs');
    expect(cs.body).toEqual({
      obis: ['OBIS kód s touto hodnotou pole „OBIS“ již existuje.'],
    });
  });
});

describe('collectors', () => {
  const collector = { serial_number: 'SN-MAC', name: 'K', mac: '00:1a:2b:3c:4d:5e' };
  it.each(['00:1A:2B:3C:4D', '00:1A:2B:3C:4D:5G', '00-1A:2B:3C:4D:5E', 'x'])(
    'refuses MAC %s in en and cs',
    async (mac) => {
      const en = await post('collectors', { ...collector, mac });
      expect(en.status).toBe(400);
      expect(en.body).toEqual({ mac: ['Enter a valid MAC address, e.g. 00:1A:2B:3C:4D:5E.'] });
      const cs = await post('collectors', { ...collector, mac }, 'cs');
      expect(cs.body).toEqual({ mac: ['Zadejte platnou MAC adresu, např. 00:1A:2B:3C:4D:5E.'] });
    },
  );

  it('keeps serial_number unique', async () => {
    expect((await post('collectors', collector)).status).toBe(201);
    const en = await post('collectors', { ...collector, mac: '00-1A-2B-3C-4D-5F' });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      serial_number: ['Collector with this serial number already exists.'],
    });
  });
});

describe('a discount has its percent and where it applies (docs/product.md)', () => {
  const body = { name: 'Akce', valid_from: '2025-01-01', percent: '12.5' };

  it('stores the percent with two places and applies to the whole bill by default', async () => {
    const created = await post('discounts', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ percent: '12.50', applies_to: 'bill' });
  });

  it('refuses a percent outside 0–100 and an unknown target, naming both at once', async () => {
    const refused = await post('discounts', { ...body, percent: '100.5', applies_to: 'taxes' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual(['applies_to', 'percent']);
  });

  it('names the targets in both languages in OPTIONS', async () => {
    const options = await server.request('/discounts/', {
      method: 'OPTIONS',
      token: admin,
      lang: 'cs',
    });
    const appliesTo = options.body.actions.POST.applies_to;
    expect(appliesTo.choices.map((c: { value: string }) => c.value)).toEqual([
      'energy',
      'distribution',
      'bill',
    ]);
    expect(appliesTo.choices[2].display_name).toBe('Celá faktura');
  });
});
