/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import {
  NO_ACCESS_MESSAGE,
  NO_ACCESS_PAGE_MESSAGE,
  rememberReturnPath,
  takeReturnPath,
} from './guards';

afterEach(() => sessionStorage.clear());

describe('where sign-in leads (docs/product.md §2)', () => {
  it('returns once to the page remembered, then home', () => {
    rememberReturnPath('/customers?page=2');
    expect(takeReturnPath()).toBe('/customers?page=2');
    expect(takeReturnPath()).toBe('/');
  });

  it('the no-access message is docs/product.md §8 in both languages', async () => {
    const en = (await import('../../locales/en.json')).default as Record<string, string>;
    const cs = (await import('../../locales/cs.json')).default as Record<string, string>;
    expect(en[NO_ACCESS_MESSAGE.id]).toBe('You have no access to the product');
    expect(cs[NO_ACCESS_MESSAGE.id]).toBe('Nemáte přístup k produktu');
    expect(en[NO_ACCESS_PAGE_MESSAGE]).toMatch(
      /^You have no access to the product.*\{page\}.*administrator/,
    );
    expect(cs[NO_ACCESS_PAGE_MESSAGE]).toMatch(
      /^Nemáte přístup k produktu.*\{page\}.*administrátor/,
    );
  });

  it.each([['//evil.test/x'], ['https://evil.test/'], ['/login']])(
    'never returns to %s after sign-in',
    (stored) => {
      sessionStorage.setItem('joule.returnTo', stored);
      expect(takeReturnPath()).toBe('/');
    },
  );
});
