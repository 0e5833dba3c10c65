import { describe, expect, it } from 'vitest';
import { firstListRequest, renderFirstPage, type FirstPageInput } from './first-page';

/** The page's markup, streamed to its end. */
async function render(input: FirstPageInput): Promise<string | null> {
  const rendered = await renderFirstPage(input);
  if (!rendered) return null;
  let html = '';
  for await (const chunk of rendered.html) html += String(chunk);
  return html;
}

const admin = { id: 1, email: 'admin@joule.test', privileges: ['superuser'] };
const clerk = { id: 2, email: 'clerk@joule.test', privileges: ['CUSTOMERS'] };

function customer(id: number) {
  return {
    id,
    customer_no: `Z${100000 + id}`,
    type: 'person',
    salutation: '',
    company_name: '',
    crn: '',
    tin: '',
    title_before: '',
    first_name: 'Jana',
    last_name: `Nováková <${id}>`,
    title_after: '',
    birth_date: '1980-02-29',
    report_email: '',
    phone: '+420 600000000',
    is_active: true,
  };
}

const page = (count: number) => ({
  count: 100_000,
  next: 'http://localhost/api/v1/customers/?page=2',
  previous: null,
  results: Array.from({ length: count }, (_, index) => customer(index + 1)),
});

describe('firstListRequest', () => {
  it('gives the list GET the SPA sends first, with the page title', async () => {
    expect(await firstListRequest('/customers?sort=-customer_no&search=Nov&x=1', 'cs')).toEqual({
      resource: 'customers',
      path: '/customers/',
      query: 'page=1&page_size=25&search=Nov&sort=-customer_no',
      title: 'Zákazníci // Joule',
    });
    expect((await firstListRequest('/obises?page=2&page_size=50', 'en'))?.query).toBe(
      'page=2&page_size=50',
    );
    // A sort key the resource cannot sort by is dropped, as the SPA drops it.
    expect((await firstListRequest('/customers?sort=nonsense', 'cs'))?.query).toBe(
      'page=1&page_size=25',
    );
  });

  it('is null for pages that are no list, and for pages too long to render whole', async () => {
    for (const url of ['/', '/login', '/settings', '/customers/1', '/nothing', '/utilities']) {
      expect(await firstListRequest(url, 'cs')).toBeNull();
    }
    expect(await firstListRequest('/customers?page_size=9999', 'cs')).toBeNull();
  });
});

describe('renderFirstPage', () => {
  it("renders the SPA's shell and list with the rows of the answer", async () => {
    const html = (await render({
      url: '/customers?sort=customer_no',
      language: 'cs',
      user: admin,
      list: page(25),
    }))!;
    expect(html).toContain('class="joule-shell"');
    expect(html).toContain('Zákazníci');
    expect(html.match(/<tr[^>]*data-index="/g)).toHaveLength(25);
    expect(html).toContain('Z100001');
    expect(html).toContain('Z100025');
    // Text is escaped, never markup.
    expect(html).toContain('Nováková &lt;1&gt;');
    expect(html).not.toContain('<1>');
    // The admin's menus: Users is there.
    expect(html).toContain('href="/users"');
    // Icons are drawn.
    expect(html).toMatch(/<svg[^>]*data-icon="people"/);
  });

  it("shows only what the user's privileges allow, in the user's language", async () => {
    const html = (await render({
      url: '/customers',
      language: 'en',
      user: clerk,
      list: page(3),
    }))!;
    expect(html).toContain('Customers');
    expect(html).not.toContain('href="/users"');
    expect(html).not.toContain('href="/contracts"');
    expect(html.match(/<tr[^>]*data-index="/g)).toHaveLength(3);
  });

  it('renders a filtered list whole, its filter bar in place, with no inline script (the CSP allows none)', async () => {
    const html = (await render({
      url: `/customers?filter=${encodeURIComponent('last_name=Nováková')}`,
      language: 'en',
      user: admin,
      list: page(2),
    }))!;
    expect(html.match(/<tr[^>]*data-index="/g)).toHaveLength(2);
    expect(html).toContain('Nováková');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<template');
  });

  it('is null for a page that is no list', async () => {
    expect(
      await render({ url: '/settings', language: 'cs', user: admin, list: page(1) }),
    ).toBeNull();
  });
});
