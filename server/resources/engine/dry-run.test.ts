import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

const company = (customerNo: string) => ({
  customer_no: customerNo,
  type: 'company',
  company_name: 'Zkouška, s.r.o.',
  crn: '27082440',
});

const count = async (search: string) =>
  (await server.request(`/customers/?search=${search}`, { token: admin })).body.count as number;

describe('a dry run (?validate=1, docs/api.md "Dry run")', () => {
  it('answers 200 {} for a body the write would take, and writes nothing', async () => {
    const answer = await server.request('/customers/?validate=1', {
      method: 'POST',
      token: admin,
      body: company('DRY-0001'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect(await count('DRY-0001')).toBe(0);
  });

  it('answers the write’s 400 with every field: the browser’s checks and the database’s together', async () => {
    const stored = await server.request('/customers/', {
      method: 'POST',
      token: admin,
      body: company('DRY-0002'),
    });
    expect(stored.status).toBe(201);
    const answer = await server.request('/customers/?validate=1', {
      method: 'POST',
      token: admin,
      lang: 'cs',
      body: { customer_no: 'DRY-0002', type: 'company', crn: '12345678' },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['customer_no', 'company_name', 'crn']);
    expect(answer.body.customer_no).toEqual([
      'Zákazník s touto hodnotou pole „Číslo zákazníka“ již existuje.',
    ]);
    expect(await count('DRY-0002')).toBe(1);
  });

  it('checks an update against the stored row and its ETag, and changes nothing', async () => {
    const stored = await server.request('/customers/', {
      method: 'POST',
      token: admin,
      body: company('DRY-0003'),
    });
    const path = `/customers/${stored.body.id}/`;
    const etag = stored.headers.get('etag') ?? '';
    const valid = await server.request(`${path}?validate=1`, {
      method: 'PATCH',
      token: admin,
      headers: { 'if-match': etag },
      body: { company_name: 'Jiná, s.r.o.' },
    });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({});
    const refused = await server.request(`${path}?validate=1`, {
      method: 'PATCH',
      token: admin,
      body: { crn: '12345678' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toEqual(['crn']);
    const stale = await server.request(`${path}?validate=1`, {
      method: 'PATCH',
      token: admin,
      headers: { 'if-match': '"stale"' },
      body: { company_name: 'Jiná, s.r.o.' },
    });
    expect(stale.status).toBe(412);
    const after = await server.request(path, { token: admin });
    expect(after.body.company_name).toBe('Zkouška, s.r.o.');
    expect(after.headers.get('etag')).toBe(etag);
  });

  it('is published on create and update operations, and nowhere else', async () => {
    const schema = (await server.request('/schema/')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    const names = (path: string, method: string) =>
      (schema.paths[`/api/v1${path}`]?.[method]?.parameters ?? []).map((p) => p.name);
    expect(names('/customers/', 'post')).toContain('validate');
    expect(names('/customers/{id}/', 'patch')).toContain('validate');
    expect(names('/customers/{id}/', 'put')).toContain('validate');
    expect(names('/customers/', 'get')).not.toContain('validate');
    expect(names('/customers/{id}/', 'delete')).not.toContain('validate');
  });
});
