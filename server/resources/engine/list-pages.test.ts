/**
 * Pages past the first (`list.ts` `pageRows`: ids first, then their rows) hold exactly the
 * rows the first page of a bigger page size holds at the same place, for every resource and
 * every sort order it offers, ties included, with and without a filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';
import { resources } from '../definitions';
import { ResourceRegistry } from './registry';

let server: TestServer;
let admin: string;
const registry = new ResourceRegistry(resources);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

type Page = { count: number; results: Record<string, unknown>[] };

async function page(resource: string, query: string): Promise<Page> {
  const response = await server.request<Page>(`/${resource}/?${query}`, { token: admin });
  expect(response.status, `${resource} ${query}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

const SIZE = 7;

/** Pages 2, 3 and the last of size {@link SIZE} against the same rows of one big page. */
async function expectSamePages(resource: string, query: string): Promise<void> {
  const prefix = query === '' ? '' : `${query}&`;
  const whole = await page(resource, `${prefix}page_size=9999`);
  const pages = Math.ceil(whole.count / SIZE);
  for (const number of new Set([2, 3, pages].filter((n) => n >= 2 && n <= pages))) {
    const expected = whole.results.slice((number - 1) * SIZE, number * SIZE);
    const got = await page(resource, `${prefix}page_size=${SIZE}&page=${number}`);
    expect(got.count, `${resource} ${query} page ${number}`).toBe(whole.count);
    expect(got.results, `${resource} ${query} page ${number}`).toEqual(expected);
  }
}

describe('pages past the first', () => {
  // One test a resource, so that each has its own time on a busy machine.
  it.each(registry.all().map((resource) => [resource.name, resource] as const))(
    'hold the same rows as one big page, for every sort order of %s',
    async (name, resource) => {
      const { count } = await page(name, 'page_size=1');
      if (count > 9999) return; // one big page could not hold them all
      const sorts = ['', ...resource.sortFields.flatMap((field) => [field, `-${field}`])];
      if (resource.sortFields.length >= 2) {
        sorts.push(`-${resource.sortFields[1]},${resource.sortFields[0]}`);
      }
      for (const sort of sorts) await expectSamePages(name, sort === '' ? '' : `sort=${sort}`);
    },
  );

  it('covers every resource with sort orders', () => {
    expect(
      registry.all().filter((resource) => resource.sortFields.length > 0).length,
    ).toBeGreaterThan(15);
  });

  it('hold the same rows with a search or a filter, and sorted by a column full of ties', async () => {
    await expectSamePages('customers', 'search=a&sort=-last_name');
    await expectSamePages('customers', 'filter=type=person&sort=type');
    await expectSamePages('customers', 'sort=type');
    await expectSamePages('addresses', 'sort=-type,city');
  });
});
