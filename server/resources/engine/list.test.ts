import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;

/** Names of the roles, in the order a sorted list answers them. */
const seededNames = ['Accountant', 'Administrator', 'Clerk'];
const extraNames = [
  ...Array.from({ length: 30 }, (_, i) => `Role ${String(i + 1).padStart(2, '0')}`),
  'Účetní',
  'Dvořákův tým',
  '100% jistota',
];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  await server.database.db
    .insert(roles)
    .values(
      extraNames.map((name, i) => ({ name, privileges: i % 3 === 0 ? ['USERS'] : ['CUSTOMERS'] })),
    );
});
afterAll(() => server.close());

type Page = {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number; name: string }[];
};

async function list(query: string) {
  return server.request<Page>(`/roles/${query}`, { token: admin });
}

async function names(query: string): Promise<string[]> {
  const response = await list(query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results.map((role) => role.name);
}

const total = seededNames.length + extraNames.length;

describe('page-number paging', () => {
  it('answers DRF’s shape with absolute next/previous links', async () => {
    const first = await list('?page_size=10');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(total);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${server.origin}/api/v1/roles/?page=2&page_size=10`);

    const second = await server.request<Page>(first.body.next!, { token: admin });
    expect(second.body.previous).toBe(`${server.origin}/api/v1/roles/?page_size=10`);
    expect(second.body.next).toBe(`${server.origin}/api/v1/roles/?page=3&page_size=10`);

    const last = await list('?page_size=10&page=4');
    expect(last.body.results).toHaveLength(total - 30);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe(`${server.origin}/api/v1/roles/?page=3&page_size=10`);
  });

  it('defaults to 25 rows and allows up to 9999 (“all”), clamping larger sizes', async () => {
    expect((await list('')).body.results).toHaveLength(25);
    expect((await list('?page_size=9999')).body.results).toHaveLength(total);
    const huge = await list('?page_size=100000');
    expect(huge.status).toBe(200);
    expect(huge.body.results).toHaveLength(total);
  });

  it('answers 404 “Invalid page.” beyond the last page and 400 for a bad page size', async () => {
    const beyond = await list('?page=99');
    expect(beyond.status).toBe(404);
    expect(beyond.body).toEqual({ detail: 'Invalid page.' });
    expect((await list('?page=abc')).status).toBe(404);
    const badSize = await list('?page_size=0');
    expect(badSize.status).toBe(400);
    expect(badSize.body).toEqual({
      page_size: ['Ensure this value is greater than or equal to 1.'],
    });
    expect((await list('?page_size=lots')).body).toEqual({
      page_size: ['A valid integer is required.'],
    });
  });
});

describe('sort', () => {
  it('sorts text accent- and case-insensitively, ascending by its defaultSort', async () => {
    const all = await names('?page_size=9999');
    expect(all.slice(0, 5)).toEqual([
      '100% jistota',
      'Accountant',
      'Administrator',
      'Clerk',
      'Dvořákův tým',
    ]);
    expect(all.at(-1)).toBe('Účetní');
  });

  it('sorts descending with "-" and by several fields', async () => {
    const descending = await names('?page_size=3&sort=-name');
    expect(descending).toEqual(['Účetní', 'Role 30', 'Role 29']);
    const byId = await names('?page_size=2&sort=-id,name');
    expect(byId).toEqual(['100% jistota', 'Dvořákův tým']);
  });

  it('answers 400 naming an unknown sort field', async () => {
    const response = await list('?sort=name,-colour');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ sort: ['Unknown sort field "colour". Allowed: id, name.'] });
  });
});

describe('search', () => {
  it.each([
    ['ucetni', ['Účetní']],
    ['DVORAK', ['Dvořákův tým']],
    ['ÚČET', ['Účetní']],
    ['100%', ['100% jistota']],
    ['_', []],
  ])('“%s” finds %j', async (term, expected) => {
    expect(await names(`?search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it('requires every term to match', async () => {
    expect(await names('?search=role%203&page_size=100')).toEqual([
      'Role 03',
      'Role 13',
      'Role 23',
      'Role 30',
    ]);
  });
});

describe('filter, lte and gte', () => {
  it('matches exact values and list membership', async () => {
    expect(await names('?filter=name=Clerk')).toEqual(['Clerk']);
    const withUsers = await list('?filter=privileges=USERS&page_size=100');
    expect(withUsers.body.count).toBe(11);
  });

  it('applies inclusive bounds', async () => {
    const bounded = await list('?gte=id=3&lte=id=5&sort=id');
    expect(bounded.body.results.map((role) => role.id)).toEqual([3, 4, 5]);
  });

  it('answers 400 naming unknown fields and bad values', async () => {
    const unknownFilter = await list('?filter=colour=red');
    expect(unknownFilter.status).toBe(400);
    expect(unknownFilter.body).toEqual({
      filter: ['Unknown filter field "colour". Allowed: name, privileges.'],
    });
    const unknownBound = await list('?lte=name=x');
    expect(unknownBound.body).toEqual({ lte: ['Unknown filter field "name". Allowed: id.'] });
    const badValue = await list('?filter=privileges=FLYING');
    expect(badValue.body).toEqual({ filter: ['privileges: "FLYING" is not a valid choice.'] });
    const malformed = await list('?filter=name');
    expect(malformed.body).toEqual({ filter: ['"name" is not a key=value pair.'] });
  });

  it('answers filter errors in Czech', async () => {
    const response = await server.request('/roles/?sort=colour', { token: admin, lang: 'cs' });
    expect(response.body).toEqual({
      sort: ['Neznámé pole pro řazení "colour". Povolená pole: id, name.'],
    });
  });
});

describe('keyset paging (page_after_id, direction)', () => {
  it('walks the whole list forwards and backwards in the current order', async () => {
    const expected = await names('?page_size=9999&sort=-name');
    const walked: string[] = [];
    let response = await list('?page_size=7&sort=-name');
    walked.push(...response.body.results.map((role) => role.name));
    // From the first page on, continue with keyset links.
    const lastId = response.body.results.at(-1)!.id;
    response = await list(`?page_size=7&sort=-name&page_after_id=${lastId}`);
    walked.push(...response.body.results.map((role) => role.name));
    while (response.body.next) {
      expect(response.body.next).toContain('direction=next');
      response = await server.request<Page>(response.body.next, { token: admin });
      expect(response.status).toBe(200);
      walked.push(...response.body.results.map((role) => role.name));
    }
    expect(walked).toEqual(expected);
    expect(response.body.count).toBe(total);

    const back: string[] = [];
    while (response.body.previous) {
      expect(response.body.previous).toContain('direction=prev');
      response = await server.request<Page>(response.body.previous, { token: admin });
      back.unshift(...response.body.results.map((role) => role.name));
    }
    expect([...back, ...walked.slice(walked.length - (total % 7 || 7))]).toEqual(expected);
  });

  it('pages after a given id, honouring filters', async () => {
    const all = (await list('?page_size=9999&sort=name&filter=privileges=USERS')).body.results;
    const anchor = all[3]!;
    const after = await list(
      `?page_size=2&sort=name&filter=privileges=USERS&page_after_id=${anchor.id}`,
    );
    expect(after.body.results).toEqual(all.slice(4, 6));
    const before = await list(
      `?page_size=2&sort=name&filter=privileges=USERS&page_after_id=${anchor.id}&direction=prev`,
    );
    expect(before.body.results).toEqual(all.slice(1, 3));
  });

  it('answers 400 for an unknown anchor or direction', async () => {
    const unknown = await list('?page_after_id=9999');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ page_after_id: ['Invalid pk "9999" - object does not exist.'] });
    const direction = await list('?page_after_id=1&direction=sideways');
    expect(direction.body).toEqual({ direction: ['"sideways" is not a valid choice.'] });
  });
});
