/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PARSE_MS, earlyStart, type EarlyStartManifest } from './early-start';
import {
  AFTER_ROWS_MODULES_ATTRIBUTE,
  AFTER_ROWS_STYLESHEETS_ATTRIBUTE,
  RENDERING_META_NAME,
} from '../shared';

const manifest: EarlyStartManifest = {
  modules: {
    cs: ['/assets/cs.js'],
    en: ['/assets/en.js'],
    signedIn: ['/assets/shell.js', '/assets/registry.css'],
  },
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
  });

  it('a stored session: hints the signed-in code, asks the API nothing', () => {
    const { hints, sent } = start(
      '/customers?sort=-customer_no',
      { backend: 'joule', access: jwt(300), refresh: jwt(3600) },
      { language: 'en' },
    );
    expect(hints).toEqual([
      'modulepreload /assets/en.js',
      'modulepreload /assets/shell.js',
      'stylesheet /assets/registry.css',
    ]);
    expect(sent).toEqual([]);
  });
});

/**
 * A page the server renders: the head's marker with these attributes, and the page's paint
 * timing under the test's control (`paint()` reports the first contentful paint).
 */
function rendered(attributes: Record<string, string> = {}) {
  const marker = document.createElement('meta');
  marker.name = RENDERING_META_NAME;
  for (const [name, value] of Object.entries(attributes)) marker.setAttribute(name, value);
  document.head.append(marker);
  const observers: ((list: { getEntriesByName(name: string): unknown[] }) => void)[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe() {}
    },
  );
  return {
    paint: (name = 'first-contentful-paint') =>
      observers.forEach((report) =>
        report({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }),
      ),
  };
}

/** What the head holds besides the marker: `rel href` of links, `module src` of scripts. */
function added(): string[] {
  return [...document.head.querySelectorAll('link, script')].map((element) =>
    element instanceof HTMLScriptElement
      ? `${element.type} ${element.getAttribute('src')}`
      : `${(element as HTMLLinkElement).rel} ${element.getAttribute('href')}`,
  );
}

describe('earlyStart: a page the server renders', () => {
  const attributes = {
    [AFTER_ROWS_STYLESHEETS_ATTRIBUTE]: '/assets/index-1.css /assets/more.css',
    [AFTER_ROWS_MODULES_ATTRIBUTE]: '/assets/index-1.js',
  };
  const auth = { backend: 'joule', access: jwt(300), refresh: jwt(3600) };

  it('fetches and runs nothing until the rows are painted, then all of it, the entry first', () => {
    const { paint } = rendered(attributes);
    const { hints, sent } = start('/customers', auth);
    expect(hints).toEqual([]);
    expect(sent).toEqual([]);
    paint('first-paint');
    expect(added()).toEqual([]);
    paint();
    expect(added()).toEqual([
      'module /assets/index-1.js',
      'preload /assets/index-1.css',
      'preload /assets/more.css',
      'modulepreload /assets/cs.js',
      'modulepreload /assets/shell.js',
      'stylesheet /assets/registry.css',
    ]);
    expect(
      document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')!.getAttribute('as'),
    ).toBe('style');
    // Once only, whatever is reported later.
    paint();
    expect(added()).toHaveLength(6);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds nothing twice to a page the server could not render, which links them itself', () => {
    const { paint } = rendered(attributes);
    document.body.innerHTML =
      '<link rel="stylesheet" href="/assets/index-1.css"><script type="module" src="/assets/index-1.js"></script>';
    start('/customers', auth);
    paint();
    expect(added()).toEqual([
      'preload /assets/more.css',
      'modulepreload /assets/cs.js',
      'modulepreload /assets/shell.js',
      'stylesheet /assets/registry.css',
    ]);
    document.body.innerHTML = '';
  });

  it('goes on without a paint (a hidden tab paints none) and without storage', () => {
    vi.useFakeTimers();
    try {
      rendered(attributes);
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('no storage');
      });
      start('/customers');
      vi.advanceTimersByTime(AFTER_PARSE_MS - 1);
      expect(added()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(added()).toEqual([
        'module /assets/index-1.js',
        'preload /assets/index-1.css',
        'preload /assets/more.css',
        'modulepreload /assets/cs.js',
      ]);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});

describe("earlyStart: the entry's stylesheets", () => {
  const withStylesheets: EarlyStartManifest = { ...manifest, stylesheets: ['/assets/index-1.css'] };

  it('applies them at once on a static page, where index.html only preloads them', () => {
    history.replaceState(null, '', '/login');
    earlyStart(withStylesheets);
    const [first, ...rest] = [...document.head.querySelectorAll('link')];
    expect(`${first!.rel} ${first!.getAttribute('href')}`).toBe('stylesheet /assets/index-1.css');
    // The same request as the page's preload (crossorigin), so it is fetched once.
    expect(first!.crossOrigin).toBe('');
    expect(rest.map((link) => link.getAttribute('href'))).toEqual(['/assets/cs.js']);
  });

  it('leaves them to the server on a page it renders', () => {
    rendered();
    earlyStart(withStylesheets);
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });
});

describe('earlyStart: the generated labels', () => {
  const withLabels: EarlyStartManifest = {
    modules: {
      ...manifest.modules,
      labels: { cs: ['/assets/labels-cs.js'], en: ['/assets/labels-en.js'] },
    },
  };

  it('are hinted with a stored session only, in its language', () => {
    history.replaceState(null, '', '/login');
    earlyStart(withLabels);
    const hrefs = () =>
      [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    expect(hrefs()).toEqual(['/assets/cs.js']);

    document.head.innerHTML = '';
    localStorage.setItem(
      'joule.auth',
      JSON.stringify({ backend: 'joule', access: jwt(300), refresh: jwt(3600) }),
    );
    localStorage.setItem('joule.settings', JSON.stringify({ language: 'en' }));
    earlyStart(withLabels);
    expect(hrefs()).toEqual([
      '/assets/en.js',
      '/assets/shell.js',
      '/assets/registry.css',
      '/assets/labels-en.js',
    ]);
  });

  it("adds on a resource's page its own labels, in the session's language", () => {
    const withResources: EarlyStartManifest = {
      modules: {
        ...withLabels.modules,
        resources: { customers: { cs: ['/assets/customers-cs.js'], en: ['/assets/c-en.js'] } },
      },
    };
    const auth = { backend: 'joule', access: jwt(300), refresh: jwt(3600) };
    localStorage.setItem('joule.auth', JSON.stringify(auth));
    for (const [path, last] of [
      ['/customers/12', '/assets/customers-cs.js'],
      ['/contracts', '/assets/labels-cs.js'],
    ] as const) {
      document.head.innerHTML = '';
      history.replaceState(null, '', path);
      earlyStart(withResources);
      expect(document.head.querySelector('link:last-child')!.getAttribute('href')).toBe(last);
    }
  });
});

describe('earlyStart: the first GETs of a static page', () => {
  const withFetch: EarlyStartManifest = {
    ...manifest,
    fetch: {
      api: '/api/v1',
      lists: { customers: '/customers/' },
      pageSize: 25,
      refreshMarginS: 120,
    },
  };
  const session = (inS: number) => ({ backend: 'joule', access: jwt(inS), refresh: jwt(3600) });

  function startWithFetch(path: string, auth?: object) {
    history.replaceState(null, '', path);
    if (auth) localStorage.setItem('joule.auth', JSON.stringify(auth));
    earlyStart(withFetch);
    return fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), headers: init.headers }));
  }

  afterEach(() => {
    delete window.__jouleEarly;
  });

  it("sends the session check and the list's query of the URL, in the session's language", () => {
    const auth = session(300);
    const sent = startWithFetch('/customers?sort=-customer_no&search=Nov', auth);
    const headers = {
      Accept: 'application/json',
      'Accept-Language': 'cs',
      Authorization: `Bearer ${auth.access}`,
    };
    expect(sent).toEqual([
      { url: '/api/v1/auth/me/', headers },
      { url: '/api/v1/customers/?page=1&page_size=25&search=Nov&sort=-customer_no', headers },
    ]);
    expect(window.__jouleEarly?.map((entry) => entry.url)).toEqual(sent.map(({ url }) => url));
  });

  it("also asks for the user's columns where the back-end keeps them", () => {
    history.replaceState(null, '', '/customers');
    localStorage.setItem('joule.auth', JSON.stringify(session(300)));
    earlyStart({ ...withFetch, fetch: { ...withFetch.fetch!, preferences: true } });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/v1/auth/me/',
      '/api/v1/customers/?page=1&page_size=25',
      '/api/v1/auth/me/preferences/',
    ]);
  });

  it('sends only the session check on a path that is no list, and nothing without a session', () => {
    expect(startWithFetch('/settings', session(300)).map(({ url }) => url)).toEqual([
      '/api/v1/auth/me/',
    ]);
    fetchMock.mockClear();
    localStorage.clear();
    expect(startWithFetch('/customers')).toEqual([]);
  });

  it('sends nothing with a token the app would renew first', () => {
    expect(startWithFetch('/customers', session(60))).toEqual([]);
  });

  it('sends nothing on a page the server renders (its answers come embedded)', () => {
    rendered();
    expect(startWithFetch('/customers', session(300))).toEqual([]);
  });
});

describe("earlyStart: the language's formats", () => {
  /** The idle callbacks asked for, run by the test; the locales formats are made for. */
  function idle() {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback));
    const number = vi.spyOn(Intl, 'NumberFormat');
    const date = vi.spyOn(Intl, 'DateTimeFormat');
    const made = () => [number, date].map((spy) => spy.mock.calls.map(([locale]) => locale));
    return { callbacks, made };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("are made when the main thread is idle on a static page, in the settings' language", () => {
    const { callbacks, made } = idle();
    start('/customers', undefined, { language: 'en' });
    expect(made()).toEqual([[], []]);
    expect(callbacks).toHaveLength(1);
    callbacks[0]!();
    expect(made()).toEqual([['en'], ['en']]);
  });

  it('are made on a rendered page only once its rows are painted', () => {
    const { paint } = rendered();
    const { callbacks, made } = idle();
    start('/customers');
    expect(callbacks).toHaveLength(0);
    paint();
    expect(callbacks).toHaveLength(1);
    callbacks[0]!();
    expect(made()).toEqual([['cs'], ['cs']]);
  });
});
