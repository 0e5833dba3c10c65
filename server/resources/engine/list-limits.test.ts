/**
 * The limits of one list request (list-query.ts, http/url-limit.ts): no query string may
 * make the server build an outsized query. Each limit answers 400 in docs/api.md's shape naming
 * the parameter (414 for the URL as a whole), in English and Czech.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../../http/url-limit';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';
import { MAX_PAIRS, MAX_SEARCH_LENGTH, MAX_SEARCH_TERMS, MAX_SORT_FIELDS } from './list-query';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

const get = (path: string, lang?: string) => server.request(path, { token: admin, lang });
const repeat = (item: string, times: number, separator = ',') =>
  Array.from({ length: times }, () => item).join(separator);

describe('sort', () => {
  it(`takes up to ${MAX_SORT_FIELDS} fields, also with keyset paging`, async () => {
    const sort = 'customer_no,-type,company_name,last_name,-first_name';
    expect((await get(`/customers/?sort=${sort}`)).status).toBe(200);
    const first = (await get(`/customers/?sort=${sort}&page_size=2`)).body.results[0].id;
    expect((await get(`/customers/?sort=${sort}&page_after_id=${first}`)).status).toBe(200);
  });

  it('refuses more fields, in one message, without building the query', async () => {
    const six = 'customer_no,-type,company_name,last_name,-first_name,crn';
    const response = await get(`/customers/?sort=${six}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ sort: ['Ensure there are no more than 5 sort fields.'] });
    expect((await get(`/customers/?sort=${six}`, 'cs')).body).toEqual({
      sort: ['Zkontrolujte, že není zadáno více než 5 polí pro řazení.'],
    });
    // Thousands of keys with keyset paging: the SQL would grow with their square (tens of
    // seconds of blocked event loop and an exhausted heap before the limit).
    const started = Date.now();
    const many = await get(`/roles/?sort=${repeat('id', 2000)}&page_after_id=1`);
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ sort: ['Ensure there are no more than 5 sort fields.'] });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['name,name', 'name'],
    ['name,-name', 'name'],
    ['-id,name,id', 'id'],
  ])('refuses a field named twice: %s', async (sort, name) => {
    const response = await get(`/roles/?sort=${sort}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ sort: [`Sort field "${name}" is given more than once.`] });
  });

  it('words the duplicate in Czech', async () => {
    expect((await get('/roles/?sort=name,-name', 'cs')).body).toEqual({
      sort: ['Pole pro řazení "name" je zadáno vícekrát.'],
    });
  });
});

describe('filter, lte and gte', () => {
  it(`take up to ${MAX_PAIRS} pairs each`, async () => {
    const filter = await get(`/roles/?filter=${repeat('name=Clerk', MAX_PAIRS)}`);
    expect(filter.status).toBe(200);
    expect(filter.body.results.map((role: { name: string }) => role.name)).toEqual(['Clerk']);
    const bounds = await get(`/roles/?gte=${repeat('id=1', MAX_PAIRS)}&lte=${repeat('id=2', 20)}`);
    expect(bounds.status).toBe(200);
    expect(bounds.body.count).toBe(2);
  });

  it.each(['filter', 'lte', 'gte'])('refuses more pairs in %s, naming it', async (param) => {
    const pair = param === 'filter' ? 'name=Clerk' : 'id=1';
    const response = await get(`/roles/?${param}=${repeat(pair, MAX_PAIRS + 1)}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      [param]: ['Ensure there are no more than 20 key=value pairs.'],
    });
  });

  it('words it in Czech', async () => {
    expect((await get(`/roles/?filter=${repeat('name=x', 1000)}`, 'cs')).body).toEqual({
      filter: ['Zkontrolujte, že není zadáno více než 20 dvojic klíč=hodnota.'],
    });
  });
});

describe('search', () => {
  it(`takes up to ${MAX_SEARCH_LENGTH} characters and ${MAX_SEARCH_TERMS} distinct words`, async () => {
    const long = `clerk ${'k'.repeat(MAX_SEARCH_LENGTH - 6)}`;
    expect((await get(`/roles/?search=${long}`)).status).toBe(200);
    // Repeated words count once.
    const repeated = await get(`/roles/?search=${repeat('clerk', 30, '+')}`);
    expect(repeated.status).toBe(200);
    expect(repeated.body.count).toBe(1);
    const ten = 'a b c d e f g h i clerk'.replaceAll(' ', '+');
    expect((await get(`/roles/?search=${ten}`)).status).toBe(200);
  });

  it('refuses a longer text or more words, naming search', async () => {
    const long = await get(`/roles/?search=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ search: ['Ensure this field has no more than 200 characters.'] });
    const words = await get(`/roles/?search=${'a b c d e f g h i j k'.replaceAll(' ', '+')}`);
    expect(words.status).toBe(400);
    expect(words.body).toEqual({ search: ['Ensure the search has no more than 10 words.'] });
    expect((await get(`/roles/?search=${'a,b,c,d,e,f,g,h,i,j,k'}`, 'cs')).body).toEqual({
      search: ['Zkontrolujte, že hledaný text nemá více než 10 slov.'],
    });
  });
});

describe('paging', () => {
  it('answers a page far beyond the rows 404 at once', async () => {
    const started = Date.now();
    const response = await get('/measurements/?page=999999999&page_size=9999');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Invalid page.' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses an anchor id beyond the id column, naming page_after_id', async () => {
    const response = await get('/roles/?page_after_id=99999999999');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ page_after_id: ['A valid integer is required.'] });
  });
});

describe('URL length', () => {
  it(`answers 414 beyond ${MAX_URL_LENGTH} characters, on any route`, async () => {
    const base = `${server.origin}/api/v1/roles/?search=`;
    const fits = `${base}${'a'.repeat(MAX_URL_LENGTH - base.length + server.origin.length)}`;
    // At the limit the URL is let through (and the search then refused by its own limit).
    expect((await get(fits)).status).toBe(400);
    const response = await get(`${fits}a`);
    expect(response.status).toBe(414);
    expect(response.body).toEqual({
      detail: 'Request URL is too long (at most 8192 characters).',
    });
    const czech = await get(`${server.origin}/api/v1/schema/?x=${'a'.repeat(9000)}`, 'cs');
    expect(czech.status).toBe(414);
    expect(czech.body).toEqual({
      detail: 'Adresa požadavku je příliš dlouhá (nejvýše 8192 znaků).',
    });
    const anonymous = await server.request(`/auth/users/me/?x=${'a'.repeat(9000)}`);
    expect(anonymous.status).toBe(414);
  });

  it('answers an overlong or undecodable id segment 404 in docs/api.md’s shape', async () => {
    for (const segment of ['1'.repeat(200), '%zz', '%E0%A4%A']) {
      const response = await get(`/roles/${segment}/`);
      expect(response.status, segment).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
    expect((await get(`/roles/${'1'.repeat(200)}/`, 'cs')).body).toEqual({
      detail: 'Nenalezeno.',
    });
  });
});
