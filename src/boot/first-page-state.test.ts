/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAGE_STATE_ID } from '../shared';
import { takeFirstPageState } from './first-page-state';

const user = { id: 1, email: 'admin@joule.test', privileges: ['superuser'] };
const dehydratedState = { mutations: [], queries: [] };

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_PAGE_STATE_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('takeFirstPageState', () => {
  it('takes the state the server embedded out of the page, once', () => {
    embed(JSON.stringify({ user, language: 'en', dehydratedState }));
    expect(takeFirstPageState()).toEqual({ user, language: 'en', dehydratedState });
    expect(document.getElementById(FIRST_PAGE_STATE_ID)).toBeNull();
    expect(takeFirstPageState()).toBeNull();
  });

  it('is null on a static page and for an unreadable or incomplete state', () => {
    expect(takeFirstPageState()).toBeNull();
    for (const text of [
      '{',
      'null',
      JSON.stringify({ user, language: 'de', dehydratedState }),
      JSON.stringify({ user: { id: '1', privileges: [] }, language: 'cs', dehydratedState }),
      JSON.stringify({ user, language: 'cs' }),
    ]) {
      embed(text);
      expect(takeFirstPageState(), text).toBeNull();
    }
  });
});
