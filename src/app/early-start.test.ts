/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyStart, type EarlyStartManifest } from './early-start';
import { RENDERING_META_NAME } from './first-page';

const manifest: EarlyStartManifest = {
  modules: {
    cs: ['/assets/cs.js'],
    en: ['/assets/en.js'],
    signedIn: ['/assets/shell.js', '/assets/registry.css'],
  },
  api: '/api/v1',
  lists: { customers: '/customers/', obises: '/obis/' },
  pageSize: 25,
  refreshMarginS: 120,
};

/** An unsigned JWT expiring `inS` seconds from now (base64url, as simplejwt writes it). */
function jwt(inS: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(Date.now() / 1000) + inS, sub: 'ü?>' })}.sig`;
}

const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  localStorage.clear();
  document.head.innerHTML = '';
  delete window.__jouleEarly;
  history.replaceState(null, '', '/');
});

function start(path: string, auth?: object, settings?: object) {
  history.replaceState(null, '', path);
  if (auth) localStorage.setItem('joule.auth', JSON.stringify(auth));
  if (settings) localStorage.setItem('joule.settings', JSON.stringify(settings));
  earlyStart(manifest);
  const hints = [...document.head.querySelectorAll('link')].map(
    (link) => `${link.rel} ${new URL(link.href).pathname}`,
  );
  const sent = fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    headers: init.headers,
  }));
  return { hints, sent };
}

describe('earlyStart (index.html)', () => {
  it('signed out: hints the catalogue only and asks the API nothing', () => {
    const { hints, sent } = start('/login');
    expect(hints).toEqual(['modulepreload /assets/cs.js']);
    expect(sent).toEqual([]);
    expect(window.__jouleEarly).toBeUndefined();
  });

  it('a stored session on a list: hints the signed-in code and sends the first GETs', () => {
    const access = jwt(300);
    const { hints, sent } = start(
      '/customers?sort=-customer_no&search=Nov%C3%A1k&other=1',
      { backend: 'joule', access, refresh: jwt(3600) },
      { language: 'en' },
    );
    expect(hints).toEqual([
      'modulepreload /assets/en.js',
      'modulepreload /assets/shell.js',
      'stylesheet /assets/registry.css',
    ]);
    const headers = {
      Accept: 'application/json',
      'Accept-Language': 'en',
      Authorization: `Bearer ${access}`,
    };
    expect(sent).toEqual([
      { url: '/api/v1/auth/me/', headers },
      {
        url: '/api/v1/customers/?page=1&page_size=25&search=Nov%C3%A1k&sort=-customer_no',
        headers,
      },
    ]);
    expect(window.__jouleEarly?.map((entry) => [entry.url, entry.language])).toEqual([
      ['/api/v1/auth/me/', 'en'],
      ['/api/v1/customers/?page=1&page_size=25&search=Nov%C3%A1k&sort=-customer_no', 'en'],
    ]);
  });

  it('sends nothing while the server renders the page, and hints its code after the first frame', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    const marker = document.createElement('meta');
    marker.name = RENDERING_META_NAME;
    document.head.append(marker);
    const auth = { backend: 'joule', access: jwt(300), refresh: jwt(3600) };
    const { hints, sent } = start('/customers', auth);
    expect(hints).toEqual(['stylesheet /assets/registry.css']);
    expect(sent).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(
      [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href')),
    ).toEqual(['/assets/registry.css', '/assets/cs.js', '/assets/shell.js']);
  });

  it('keeps the page and page size of the URL; other pages get the session check only', () => {
    const auth = { backend: 'joule', access: jwt(300), refresh: jwt(3600) };
    expect(start('/obises/?page=3&page_size=100', auth).sent.map((s) => s.url)).toEqual([
      '/api/v1/auth/me/',
      '/api/v1/obis/?page=3&page_size=100',
    ]);
    fetchMock.mockClear();
    expect(start('/settings', auth).sent.map((s) => s.url)).toEqual(['/api/v1/auth/me/']);
  });

  it('sends nothing with a token within the renewal margin (the app renews it first) or no JWT', () => {
    expect(start('/customers', { backend: 'joule', access: jwt(110), refresh: 'r' }).sent).toEqual(
      [],
    );
    expect(start('/customers', { backend: 'oidc', access: 'opaque', refresh: 'r' }).sent).toEqual(
      [],
    );
  });

  it('lets the answers nobody took go after 10 s', () => {
    vi.useFakeTimers();
    try {
      start('/customers', { backend: 'joule', access: jwt(300), refresh: 'r' });
      expect(window.__jouleEarly).toHaveLength(2);
      vi.advanceTimersByTime(10_000);
      expect(window.__jouleEarly).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
