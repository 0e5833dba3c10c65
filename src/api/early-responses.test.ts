import { describe, expect, it } from 'vitest';
import { sameGet, takeEarlyResponse, type EarlyRequestEntry } from './early-responses';

const list = 'http://joule.test/api/v1/customers/?page=1&page_size=25&sort=customer_no';

function entry(url = list, authorization = 'Bearer a', language = 'cs'): EarlyRequestEntry {
  return { url, authorization, language, response: Promise.resolve(new Response(url)) };
}

function get(url = list, authorization = 'Bearer a', language = 'cs', method = 'GET') {
  return new Request(url, {
    method,
    headers: { Authorization: authorization, 'Accept-Language': language },
  });
}

describe('sameGet', () => {
  it('ignores the order and the encoding of the query parameters', () => {
    expect(
      sameGet(
        '/api/v1/customers/?page=1&sort=a%2C-b&search=Nov%C3%A1k+Jan',
        'http://localhost/api/v1/customers/?search=Nov%C3%A1k%20Jan&sort=a,-b&page=1',
      ),
    ).toBe(true);
  });

  it('tells other paths, origins and parameters apart', () => {
    expect(sameGet('/api/v1/customers/?page=1', '/api/v1/contracts/?page=1')).toBe(false);
    expect(sameGet('http://a.test/x/?page=1', 'http://b.test/x/?page=1')).toBe(false);
    expect(sameGet('/x/?page=1', '/x/?page=2')).toBe(false);
    expect(sameGet('/x/?page=1', '/x/?page=1&search=a')).toBe(false);
  });
});

describe('takeEarlyResponse', () => {
  it('gives the answer of the same GET once', async () => {
    const entries = [entry('http://joule.test/api/v1/auth/me/'), entry()];
    const answer = takeEarlyResponse(get(), entries);
    expect(await (await answer)?.text()).toBe(list);
    expect(entries.map((e) => e.url)).toEqual(['http://joule.test/api/v1/auth/me/']);
    expect(takeEarlyResponse(get(), entries)).toBeNull();
  });

  it('gives nothing for another token, language, URL or method', () => {
    const entries = [entry()];
    expect(takeEarlyResponse(get(list, 'Bearer b'), entries)).toBeNull();
    expect(takeEarlyResponse(get(list, 'Bearer a', 'en'), entries)).toBeNull();
    expect(takeEarlyResponse(get(`${list}&search=x`), entries)).toBeNull();
    expect(takeEarlyResponse(get(list, 'Bearer a', 'cs', 'DELETE'), entries)).toBeNull();
    expect(entries).toHaveLength(1);
  });

  it('gives nothing when index.html sent nothing', () => {
    expect(takeEarlyResponse(get(), undefined)).toBeNull();
  });
});
