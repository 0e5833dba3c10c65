import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let clerk: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
});
afterAll(() => server.close());

async function post(body: unknown, lang?: string) {
  return server.request('/tariffs/', { method: 'POST', token: admin, body, lang });
}

describe('tariffs', () => {
  it('seeds the distribution rates', async () => {
    const list = await server.request('/tariffs/?page_size=9999', { token: admin });
    expect(list.body.results.map((row: { code: string }) => row.code)).toEqual([
      'D01d',
      'D02d',
      'D25d',
      'D26d',
      'D45d',
      'D56d',
      'D57d',
      'D61d',
    ]);
  });

  it('creates, reads, updates and deletes; a product with tariffs stays', async () => {
    const product = await server.request('/products/', {
      method: 'POST',
      token: admin,
      body: { name: 'Tarifní produkt' },
    });
    const created = await post({
      product: product.body.id,
      code: 'D02d',
      distribution_per_mwh_ht: '2245.1',
      valid_from: '2025-01-01',
      price: '5100',
      fuse_from: 0,
      fuse_to: 25,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      product: product.body.id,
      code: 'D02d',
      distribution_per_mwh_ht: '2245.10',
      distribution_per_mwh_lt: null,
      valid_to: null,
      price: '5100.00',
      fuse_from: 0,
      fuse_to: 25,
    });
    const path = `/tariffs/${created.body.id}/`;
    const patched = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { valid_to: '2025-12-31' },
    });
    expect(patched.body.valid_to).toBe('2025-12-31');
    const refused = await server.request(`/products/${product.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('checks validity and the fuse condition, in en and cs', async () => {
    const body = {
      product: 1,
      code: 'D01d',
      valid_from: '2025-02-01',
      valid_to: '2025-01-01',
      fuse_from: 32,
      fuse_to: 25,
    };
    expect((await post(body)).body).toEqual({
      valid_to: ['The end of validity must not be before its start.'],
      fuse_to: ['The upper bound must not be lower than the lower bound.'],
    });
    expect((await post(body, 'cs')).body).toEqual({
      valid_to: ['Konec platnosti nesmí být před jejím začátkem.'],
      fuse_to: ['Horní mez nesmí být nižší než dolní mez.'],
    });
    const negative = await post({ ...body, valid_to: null, fuse_from: -1, fuse_to: null });
    expect(negative.body).toEqual({
      fuse_from: ['Ensure this value is greater than or equal to 0.'],
    });
  });

  it('checks a PATCH of fuse_to against the stored fuse_from', async () => {
    const created = await post({
      product: 1,
      code: 'D02d',
      valid_from: '2025-01-01',
      fuse_from: 25,
      fuse_to: 25,
    });
    expect(created.status).toBe(201);
    const path = `/tariffs/${created.body.id}/`;
    const refused = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { fuse_to: 16 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      fuse_to: ['The upper bound must not be lower than the lower bound.'],
    });
    const negative = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { fuse_to: -3 },
      lang: 'cs',
    });
    expect(negative.status).toBe(400);
    expect(negative.body).toHaveProperty('fuse_to');
  });

  it('answers 403 without TARIFFS', async () => {
    for (const [method, path] of [
      ['GET', '/tariffs/'],
      ['POST', '/tariffs/'],
      ['GET', '/tariffs/1/'],
      ['PATCH', '/tariffs/1/'],
      ['DELETE', '/tariffs/1/'],
    ] as const) {
      const response = await server.request(path, {
        method,
        token: clerk,
        body: method === 'POST' || method === 'PATCH' ? {} : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('price lists hold their tariffs (docs/product.md §3)', () => {
  it('seeds the 2025 tariffs into the 2025 price list, titled, and filters by it', async () => {
    const lists = await server.request('/pricelists/?search=2025', { token: admin });
    const list2025 = lists.body.results[0];
    const tariffs = await server.request(`/tariffs/?filter=price_list=${list2025.id}`, {
      token: admin,
    });
    expect(tariffs.status).toBe(200);
    expect(tariffs.body.count).toBe(8);
    expect(tariffs.body.results[0]).toMatchObject({
      price_list: list2025.id,
      price_list_title: list2025.name,
    });
  });

  it('takes a price list or none, refuses an unknown one', async () => {
    const [product] = (await server.request('/products/', { token: admin })).body.results;
    const lists = await server.request('/pricelists/', { token: admin });
    const base = { product: product.id, code: 'C01d', valid_from: '2026-01-01' };
    const none = await post(base);
    expect(none.status).toBe(201);
    expect(none.body.price_list).toBeNull();
    const some = await post({ ...base, price_list: lists.body.results[0].id });
    expect(some.status).toBe(201);
    const unknown = await post({ ...base, price_list: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.price_list).toBeDefined();
  });

  it('publishes where tariffs are listed (x-listed-in)', async () => {
    const schema = await server.request('/schema/', { token: admin });
    expect(schema.body.paths['/api/v1/tariffs/'].get['x-listed-in']).toEqual([
      { filter: 'price_list', resource: 'pricelists' },
    ]);
  });
});
