/** @vitest-environment jsdom */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../../auth';
import { resetRuntimeConfig } from '../../auth/runtime-config';
import { renderApp } from '../test-support/render';

type Handler = (request: Request) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const tokens = { access: 'header.payload.signature', refresh: 'header.payload.signature' };
let routes: Record<string, Handler>;

beforeEach(() => {
  routes = {};
  resetRuntimeConfig();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const handler = routes[new URL(input.url).pathname];
      if (!handler) throw new TypeError('Failed to fetch');
      return handler(input);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  authSession.timer.stop();
  authSession.store.clear();
});

async function signInWith(email: string, password: string, submit: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText(/^(Password|Heslo)$/), password);
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('login form errors (docs/product.md §8)', () => {
  it.each<[string, { language: 'en' | 'cs'; api: Record<string, Handler>; want: string }]>([
    [
      '401 in English',
      {
        language: 'en',
        api: {
          '/api/v1/auth/jwt/create/': () =>
            json(401, { detail: 'No active account found with the given credentials' }),
        },
        want: 'Invalid username/password.',
      },
    ],
    [
      '401 in Czech',
      {
        language: 'cs',
        api: { '/api/v1/auth/jwt/create/': () => json(401, { detail: 'x' }) },
        want: 'Neplatné uživatelské jméno nebo heslo.',
      },
    ],
    [
      'a user without privileges',
      {
        language: 'en',
        api: {
          '/api/v1/auth/jwt/create/': () => json(200, tokens),
          '/api/v1/auth/me/': () => json(200, { id: 3, email: 'x@joule.test', privileges: [] }),
        },
        want: 'User has no access to the product.',
      },
    ],
    [
      'another failure shows its message',
      {
        language: 'en',
        api: {
          '/api/v1/auth/jwt/create/': () =>
            json(429, { detail: 'Request was throttled. Expected available in 7 seconds.' }),
        },
        want: 'Request was throttled. Expected available in 7 seconds.',
      },
    ],
    [
      'an unreachable server',
      {
        language: 'en',
        api: {},
        want: 'The server cannot be reached. Check your connection and try again.',
      },
    ],
  ])('%s', async (_name, { language, api, want }) => {
    routes = api;
    await renderApp({ path: '/login', language });
    await signInWith('x@joule.test', 'wrong', language === 'cs' ? 'Přihlásit se' : 'Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe(want);
    expect(authSession.store.getState().user).toBeNull();
  });

  it('asks for both fields before calling the API', async () => {
    await renderApp({ path: '/login' });
    await signInWith('x@joule.test', '', 'Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your e-mail and password.');
    const called = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL((input as Request).url).pathname);
    expect(called).not.toContain('/api/v1/auth/jwt/create/');
  });

  it.each([
    ['en', 'foo@', 'Sign in', 'Enter a valid e-mail address, e.g. jana.novakova@example.cz.'],
    [
      'cs',
      'jan novak@joule',
      'Přihlásit se',
      'Zadejte platnou e-mailovou adresu, např. jana.novakova@example.cz.',
    ],
  ] as const)(
    'checks the e-mail format (%s, %j) beside the field, sending nothing',
    async (language, email, submit, want) => {
      routes = { '/api/v1/auth/jwt/create/': () => json(200, tokens) };
      await renderApp({ path: '/login', language });
      await signInWith(email, 'joule-demo', submit);
      const field = screen.getByLabelText('E-mail');
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      const described = document.getElementById(field.getAttribute('aria-describedby')!);
      expect(described?.textContent).toBe(want);
      const called = vi
        .mocked(fetch)
        .mock.calls.map(([input]) => new URL((input as Request).url).pathname);
      expect(called).not.toContain('/api/v1/auth/jwt/create/');
      expect(authSession.store.getState().user).toBeNull();
    },
  );

  it('signs in, sends e-mail and password, and opens the home page', async () => {
    let body: unknown = null;
    routes = {
      '/api/v1/auth/jwt/create/': async (request) => {
        body = await request.json();
        return json(200, tokens);
      },
      '/api/v1/auth/me/': () =>
        json(200, { id: 1, email: 'admin@joule.test', privileges: ['superuser'] }),
    };
    const { router } = await renderApp({ path: '/login' });
    await signInWith('admin@joule.test', 'joule-demo', 'Sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(body).toEqual({ email: 'admin@joule.test', password: 'joule-demo' });
    expect(authSession.store.getState()).toMatchObject({ backend: 'joule', access: tokens.access });
    await screen.findByRole('heading', { name: 'Welcome to Joule' });
  });

  it('labels the fields and the button in Czech', async () => {
    await renderApp({ path: '/login', language: 'cs' });
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByLabelText('Heslo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Přihlásit se' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});

describe('single sign-on button (docs/product.md §4)', () => {
  it.each<[string, { language: 'en' | 'cs'; name: string }]>([
    ['in English', { language: 'en', name: 'Sign in with single sign-on' }],
    ['in Czech', { language: 'cs', name: 'Přihlásit se jednotným přihlášením' }],
  ])('is shown when /config/ names a provider, %s', async (_name, { language, name }) => {
    routes = {
      '/api/v1/config/': () =>
        json(200, {
          oidc: { issuer: 'http://127.0.0.1:9/idp', client_id: 'joule' },
          release: null,
        }),
    };
    await renderApp({ path: '/login', language });
    expect(await screen.findByRole('button', { name })).toBeTruthy();
  });

  it.each<[string, Handler | undefined]>([
    ['oidc null', () => json(200, { oidc: null, release: null })],
    ['no /config/ (a DRF back-end)', () => json(404, { detail: 'Not found.' })],
    ['the server unreachable', undefined],
  ])('is not shown for %s', async (_name, handler) => {
    let asked = false;
    routes = handler
      ? {
          '/api/v1/config/': (request) => {
            asked = true;
            return handler(request);
          },
        }
      : {};
    await renderApp({ path: '/login' });
    await screen.findByRole('button', { name: 'Sign in' });
    if (handler) await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('button', { name: 'Sign in with single sign-on' })).toBeNull();
  });
});

describe('the second factor (docs/security.md "Two-factor sign-in")', () => {
  const me = () => json(200, { id: 1, email: 'strict@joule.test', privileges: ['CUSTOMERS'] });

  it('asks for the code after the password, takes a recovery code instead, then signs in', async () => {
    const sent: unknown[] = [];
    routes = {
      '/api/v1/auth/jwt/create/': () => json(200, { second_factor: 'totp', challenge: 'c-1' }),
      '/api/v1/auth/two_factor/': async (request) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return body.code === '123456'
          ? json(400, { code: ['The code is not right.'] })
          : json(200, tokens);
      },
      '/api/v1/auth/me/': me,
    };
    const { router } = await renderApp({ path: '/login' });
    await signInWith('strict@joule.test', 'joule-demo', 'Sign in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from the authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not right.');
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([
      { challenge: 'c-1', code: '123456' },
      { challenge: 'c-1', recovery_code: 'abcde-fghij' },
    ]);
  });

  it('enrols: QR code and key, then the recovery codes, and signs in only once they are saved', async () => {
    const recovery = Array.from({ length: 10 }, (_, i) => `code${i}-xxxxx`);
    routes = {
      '/api/v1/auth/jwt/create/': () =>
        json(200, {
          second_factor: 'enrol',
          challenge: 'c-2',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          otpauth_url: 'otpauth://totp/Joule:strict%40joule.test?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          qr: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      '/api/v1/auth/two_factor/': () => json(200, { ...tokens, recovery_codes: recovery }),
      '/api/v1/auth/me/': me,
    };
    const { router } = await renderApp({ path: '/login' });
    await signInWith('strict@joule.test', 'joule-demo', 'Sign in');
    expect(
      await screen.findByRole('img', { name: 'QR code for the authenticator app' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Secret key').textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code from the authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(router.state.location.pathname).toBe('/login');
    expect(authSession.store.getState().user).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
