import { describe, expect, it } from 'vitest';
import type { EarlyRequest } from './early-start';
import { sameGet, takeEarlyResponse } from './early-responses';

const entry = (url: string, language = 'cs'): EarlyRequest => ({
  url,
  authorization: 'Bearer a',
  language,
  response: Promise.resolve(new Response(url)),
});

const get = (url: string, language = 'cs') =>
  new Request(url, { headers: { Authorization: 'Bearer a', 'Accept-Language': language } });

describe('sameGet', () => {
  it('compares path and parameters, in any order', () => {
    expect(sameGet('/a/?x=1&y=2', 'http://localhost/a/?y=2&x=1')).toBe(true);
    expect(sameGet('/a/?x=1', '/a/?x=2')).toBe(false);
    expect(sameGet('/a/', '/b/')).toBe(false);
  });
});

describe('takeEarlyResponse', () => {
  it('gives the answer to the same GET once', async () => {
    const entries = [entry('http://localhost/api/v1/customers/?page=1&page_size=25')];
    const taken = takeEarlyResponse(
      get('http://localhost/api/v1/customers/?page_size=25&page=1'),
      entries,
    );
    expect(await (await taken!).text()).toContain('/customers/');
    expect(entries).toEqual([]);
  });

  it('gives none to another language, another method or another query', () => {
    const entries = [entry('http://localhost/api/v1/auth/me/')];
    expect(takeEarlyResponse(get('http://localhost/api/v1/auth/me/', 'en'), entries)).toBeNull();
    expect(
      takeEarlyResponse(
        new Request('http://localhost/api/v1/auth/me/', { method: 'POST' }),
        entries,
      ),
    ).toBeNull();
    expect(takeEarlyResponse(get('http://localhost/api/v1/auth/me/?x=1'), entries)).toBeNull();
    expect(entries).toHaveLength(1);
  });
});
