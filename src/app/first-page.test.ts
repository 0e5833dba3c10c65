/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyResponse } from '../api/early-responses';
import {
  adoptFirstPage,
  ANSWERS_ELEMENT_ID,
  FIRST_PAGE_MAX_MS,
  FIRST_PAGE_VIEW_CLASS,
  releaseFirstPage,
  takeEmbeddedAnswers,
} from './first-page';

/** The body as the server sends a rendered page (server/http/first-page.ts). */
function serverPage(answers: unknown): HTMLElement {
  document.body.innerHTML =
    '<div id="root" data-first-page=""><div class="joule-shell"><table><tbody>' +
    '<tr data-index="0"><td>Z100001</td></tr></tbody></table></div></div>' +
    `<script type="application/json" id="${ANSWERS_ELEMENT_ID}">${JSON.stringify(answers)}</script>`;
  return document.getElementById('root')!;
}

function get(url: string, authorization = 'Bearer a', language = 'cs'): Request {
  return new Request(new URL(url, 'http://localhost'), {
    headers: { Authorization: authorization, 'Accept-Language': language },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  releaseFirstPage();
  vi.useRealTimers();
  document.body.innerHTML = '';
  delete window.__jouleEarly;
});

describe('adoptFirstPage / releaseFirstPage', () => {
  it('keeps the server page on screen, inert, until the app has rendered its own', () => {
    const root = serverPage({ answers: [] });
    expect(adoptFirstPage(root)).toBe(true);

    const view = document.querySelector<HTMLElement>(`.${FIRST_PAGE_VIEW_CLASS}`)!;
    expect(view.nextElementSibling).toBe(root);
    expect(view.querySelector('tr[data-index="0"]')?.textContent).toBe('Z100001');
    expect(view.inert).toBe(true);
    expect(view.getAttribute('aria-hidden')).toBe('true');
    expect(root.hidden).toBe(true);
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute('data-first-page')).toBe(false);

    root.append(document.createElement('main')); // the app renders
    releaseFirstPage();
    expect(document.querySelector(`.${FIRST_PAGE_VIEW_CLASS}`)).toBeNull();
    expect(root.hidden).toBe(false);
    expect(root.querySelector('main')).not.toBeNull();
    releaseFirstPage(); // a second call changes nothing
    expect(root.hidden).toBe(false);
  });

  it('does nothing on the static page', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    expect(adoptFirstPage(root)).toBe(false);
    expect(root.hidden).toBe(false);
    expect(document.querySelector(`.${FIRST_PAGE_VIEW_CLASS}`)).toBeNull();
  });

  it('never keeps the server page longer than FIRST_PAGE_MAX_MS', () => {
    const root = serverPage({ answers: [] });
    adoptFirstPage(root);
    vi.advanceTimersByTime(FIRST_PAGE_MAX_MS - 1);
    expect(root.hidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(root.hidden).toBe(false);
    expect(document.querySelector(`.${FIRST_PAGE_VIEW_CLASS}`)).toBeNull();
  });
});

describe('takeEmbeddedAnswers', () => {
  const list = { count: 1, next: null, previous: null, results: [{ id: 1 }] };
  const answers = {
    answers: [
      { url: '/api/v1/auth/me/', body: { id: 1, email: 'a@b.cz', privileges: [] } },
      { url: '/api/v1/customers/?page=1&page_size=25&sort=customer_no', body: list },
    ],
  };

  it('offers the answers to the requests made with the same token and language, once', async () => {
    serverPage(answers);
    takeEmbeddedAnswers('Bearer a', 'cs');
    expect(document.getElementById(ANSWERS_ELEMENT_ID)).toBeNull();

    expect(takeEarlyResponse(get('/api/v1/customers/?page=1&page_size=25'))).toBeNull();
    expect(takeEarlyResponse(get('/api/v1/auth/me/', 'Bearer b'))).toBeNull();
    expect(takeEarlyResponse(get('/api/v1/auth/me/', 'Bearer a', 'en'))).toBeNull();
    const answer = takeEarlyResponse(
      get('/api/v1/customers/?sort=customer_no&page_size=25&page=1'),
    );
    expect(await (await answer!).json()).toEqual(list);
    expect(
      takeEarlyResponse(get('/api/v1/customers/?page=1&page_size=25&sort=customer_no')),
    ).toBeNull();
    expect(await (await takeEarlyResponse(get('/api/v1/auth/me/'))!).json()).toEqual(
      answers.answers[0]!.body,
    );
  });

  it('adds to the early GETs earlyStart may have sent', () => {
    const sent = {
      url: '/x',
      authorization: 'Bearer a',
      language: 'cs',
      response: Promise.resolve(new Response('{}')),
    };
    window.__jouleEarly = [sent];
    serverPage(answers);
    takeEmbeddedAnswers('Bearer a', 'cs');
    expect(window.__jouleEarly.map((entry) => entry.url)).toEqual([
      '/x',
      '/api/v1/auth/me/',
      '/api/v1/customers/?page=1&page_size=25&sort=customer_no',
    ]);
  });

  it('offers nothing for a page without answers or with unreadable ones', () => {
    takeEmbeddedAnswers('Bearer a', 'cs');
    expect(window.__jouleEarly).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${ANSWERS_ELEMENT_ID}">{not json</script>`;
    takeEmbeddedAnswers('Bearer a', 'cs');
    expect(window.__jouleEarly).toBeUndefined();
  });
});
