/**
 * The single sign-on client against a real provider over HTTP: the server's dev identity
 * provider (`oidc-provider`), with the browser's redirects followed by a test helper
 * (docs/product.md §4 "Single sign-on": code flow with PKCE S256, state and issuer checked, error
 * and implicit/hybrid answers refused, refresh_token grant without a secret; docs/product.md §5
 * maximum auth age; logout revokes and ends the provider's session).
 */
import { decodeJwt } from 'jose';
import { ErrorResponse, InMemoryWebStorage } from 'oidc-client-ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_IDP_PASSWORD, startDevIdp, type DevIdp } from '../../server/auth/dev-idp';
import {
  authorizeAtProvider,
  CookieJar,
  endSessionAtProvider,
  providerAsksForPassword,
} from '../../server/test-support/oidc-flow';
import {
  AUTH_AGE_SKEW_S,
  checkAuthAge,
  createSsoClient,
  SSO_ID_TOKEN_KEY,
  SSO_STATE_PREFIX,
  SsoError,
  type SsoClient,
  type SsoEnvironment,
} from './oidc-client';

const origin = 'http://127.0.0.1:8000';
let idp: DevIdp;
let storage: Storage;
let navigated: string[];
let client: SsoClient;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, redirectUris: [`${origin}/oidc/callback`] });
});
afterAll(() => idp?.close());

beforeEach(() => {
  storage = new InMemoryWebStorage();
  navigated = [];
  client = createSsoClient(
    { issuer: idp.issuer, client_id: 'joule', max_age: null },
    { origin, storage, navigate: (url) => navigated.push(url) },
  );
});

/** Starts sign-in and signs the admin in at the provider: the callback URL. */
async function callbackUrl(
  login = 'admin@joule.test',
  sso: SsoClient = client,
  jar?: CookieJar,
): Promise<string> {
  navigated.length = 0;
  await sso.signIn();
  expect(navigated).toHaveLength(1);
  return authorizeAtProvider(navigated[0]!, login, DEV_IDP_PASSWORD, jar);
}

/** A client with a maximum authentication age, and a clock `aheadS` seconds ahead. */
function clientWithMaxAge(maxAge: number, aheadS = 0): SsoClient {
  const environment: SsoEnvironment = {
    origin,
    storage,
    navigate: (url) => navigated.push(url),
    now: () => Date.now() + aheadS * 1000,
  };
  return createSsoClient({ issuer: idp.issuer, client_id: 'joule', max_age: maxAge }, environment);
}

describe('sign-in request', () => {
  it('asks for the code flow with PKCE S256, client joule, scope openid profile email', async () => {
    await client.signIn();
    const url = new URL(navigated[0]!);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'joule',
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid profile email',
      redirect_uri: `${origin}/oidc/callback`,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // Verifier and state wait in session storage for the callback.
    const key = `${SSO_STATE_PREFIX}${url.searchParams.get('state')}`;
    expect(JSON.parse(storage.getItem(key) ?? '{}')).toHaveProperty('code_verifier');
  });
});

describe('callback', () => {
  it('exchanges the code for the provider access token (audience joule) and a refresh token', async () => {
    const tokens = await client.completeSignIn(await callbackUrl());
    expect(decodeJwt(tokens.access)).toMatchObject({
      iss: idp.issuer,
      aud: 'joule',
      email: 'admin@joule.test',
    });
    expect(tokens.refresh).toBeTruthy();
    // The state is used up; only the ID token stays, for the logout's hint.
    expect(storage.length).toBe(1);
    expect(decodeJwt(storage.getItem(SSO_ID_TOKEN_KEY) ?? '')).toMatchObject({ aud: 'joule' });
  });

  it('refuses the same answer twice (the state is used up)', async () => {
    const url = await callbackUrl();
    await client.completeSignIn(url);
    await expect(client.completeSignIn(url)).rejects.toThrow(/state/i);
  });

  it('refuses an answer with a state it did not make', async () => {
    const url = new URL(await callbackUrl());
    url.searchParams.set('state', 'forged-state');
    await expect(client.completeSignIn(url.href)).rejects.toThrow(/state/i);
  });

  it('refuses an answer of another issuer (RFC 9207 iss)', async () => {
    const url = new URL(await callbackUrl());
    url.searchParams.set('iss', 'http://127.0.0.1:1');
    await expect(client.completeSignIn(url.href)).rejects.toBeInstanceOf(SsoError);
  });

  it('refuses an answer without iss when the provider promises one', async () => {
    const url = new URL(await callbackUrl());
    url.searchParams.delete('iss');
    await expect(client.completeSignIn(url.href)).rejects.toBeInstanceOf(SsoError);
  });

  it.each([
    ['tokens in the fragment (implicit)', '#access_token=x&token_type=Bearer&state=s'],
    ['an ID token in the query (hybrid)', '&id_token=x.y.z'],
    ['a code in the fragment (hybrid)', '#code=abc&state=s'],
  ])('refuses %s', async (_name, suffix) => {
    const url = await callbackUrl();
    await expect(client.completeSignIn(`${url}${suffix}`)).rejects.toBeInstanceOf(SsoError);
  });

  it('refuses the provider’s error answer', async () => {
    await client.signIn();
    const state = new URL(navigated[0]!).searchParams.get('state')!;
    const url = `${origin}/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`;
    await expect(client.completeSignIn(url)).rejects.toBeInstanceOf(ErrorResponse);
  });
});

describe('maximum authentication age (docs/product.md §5)', () => {
  it('asks the provider for max_age and accepts a fresh auth_time', async () => {
    const sso = clientWithMaxAge(600);
    const url = await callbackUrl('admin@joule.test', sso);
    expect(new URL(navigated[0]!).searchParams.get('max_age')).toBe('600');
    const tokens = await sso.completeSignIn(url);
    expect(decodeJwt(tokens.access)).toMatchObject({ email: 'admin@joule.test' });
    const idToken = decodeJwt(storage.getItem(SSO_ID_TOKEN_KEY) ?? '');
    expect(idToken.auth_time).toEqual(expect.any(Number));
  });

  it('refuses an ID token whose auth_time is older than max_age and the skew', async () => {
    // The provider's auth_time is now; the client's clock is past max_age + skew.
    const sso = clientWithMaxAge(60, 60 + AUTH_AGE_SKEW_S + 5);
    const url = await callbackUrl('admin@joule.test', sso);
    await expect(sso.completeSignIn(url)).rejects.toThrow(/older than max_age/);
    expect(storage.getItem(SSO_ID_TOKEN_KEY) ?? null).toBeNull();
  });

  it('accepts one just within max_age and the skew', async () => {
    const sso = clientWithMaxAge(60, 60 + AUTH_AGE_SKEW_S - 5);
    await expect(sso.completeSignIn(await callbackUrl('admin@joule.test', sso))).resolves.toEqual(
      expect.objectContaining({ access: expect.any(String) }),
    );
  });

  it('without max_age sends none and does not look at auth_time', async () => {
    await client.completeSignIn(await callbackUrl());
    expect(new URL(navigated[0]!).searchParams.has('max_age')).toBe(false);
  });

  it.each<[string, Record<string, unknown>]>([
    ['missing', {}],
    ['not a number', { auth_time: '1700000000' }],
    ['too old', { auth_time: 1_000_000 - 600 - AUTH_AGE_SKEW_S - 1 }],
    ['in the future', { auth_time: 1_000_000 + AUTH_AGE_SKEW_S + 1 }],
  ])('checkAuthAge refuses an auth_time %s', (_name, claims) => {
    expect(() => checkAuthAge(claims, 600, 1_000_000)).toThrow(SsoError);
  });

  it('checkAuthAge accepts auth_time within max_age and skew', () => {
    expect(() =>
      checkAuthAge({ auth_time: 1_000_000 - 600 - AUTH_AGE_SKEW_S }, 600, 1_000_000),
    ).not.toThrow();
    expect(() =>
      checkAuthAge({ auth_time: 1_000_000 + AUTH_AGE_SKEW_S }, 600, 1_000_000),
    ).not.toThrow();
  });
});

describe('logout', () => {
  it('revokes the refresh token and ends the provider session (RP-initiated logout)', async () => {
    const jar = new CookieJar();
    const tokens = await client.completeSignIn(await callbackUrl('admin@joule.test', client, jar));
    const idToken = storage.getItem(SSO_ID_TOKEN_KEY);
    expect(decodeJwt(idToken ?? '')).toMatchObject({ aud: 'joule', sub: 'admin@joule.test' });
    // Signed in at the provider: another sign-in would not ask for the password.
    navigated.length = 0;
    await client.signIn();
    expect(await providerAsksForPassword(navigated[0]!, jar)).toBe(false);

    const endSession = await client.signOut(tokens.refresh!, { endProviderSession: true });
    const url = new URL(endSession ?? '');
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: idToken,
      client_id: 'joule',
      post_logout_redirect_uri: `${origin}/login`,
    });
    expect(storage.getItem(SSO_ID_TOKEN_KEY) ?? null).toBeNull();
    await expect(client.renew(tokens.refresh!)).rejects.toBeInstanceOf(ErrorResponse);

    // The provider signs out without asking and sends the browser back to the login page;
    // the next sign-in asks for the password again.
    expect(await endSessionAtProvider(url.href, jar)).toBe(`${origin}/login`);
    navigated.length = 0;
    await client.signIn();
    expect(await providerAsksForPassword(navigated[0]!, jar)).toBe(true);
  });

  it('a logout the app makes itself revokes but leaves the provider session', async () => {
    const tokens = await client.completeSignIn(await callbackUrl());
    expect(await client.signOut(tokens.refresh!, { endProviderSession: false })).toBeNull();
    expect(storage.getItem(SSO_ID_TOKEN_KEY) ?? null).toBeNull();
    await expect(client.renew(tokens.refresh!)).rejects.toBeInstanceOf(ErrorResponse);
  });
});

describe('renewal', () => {
  it('renews with the refresh_token grant, and the rotated token replaces the old one', async () => {
    const first = await client.completeSignIn(await callbackUrl());
    storage.removeItem(SSO_ID_TOKEN_KEY);
    const renewed = await client.renew(first.refresh!);
    expect(decodeJwt(renewed.access)).toMatchObject({ aud: 'joule', email: 'admin@joule.test' });
    expect(renewed.access).not.toBe(first.access);
    expect(renewed.refresh).toBeTruthy();
    expect(renewed.refresh).not.toBe(first.refresh);
    // The renewal's ID token is kept for the logout's hint.
    expect(decodeJwt(storage.getItem(SSO_ID_TOKEN_KEY) ?? '')).toMatchObject({
      aud: 'joule',
      sub: 'admin@joule.test',
    });
    await expect(client.renew(first.refresh!)).rejects.toBeInstanceOf(ErrorResponse);
  });

  it('a revoked refresh token renews no more (logout)', async () => {
    const tokens = await client.completeSignIn(await callbackUrl());
    await client.revoke(tokens.refresh!);
    await expect(client.renew(tokens.refresh!)).rejects.toBeInstanceOf(ErrorResponse);
  });

  it('refuses an unknown refresh token', async () => {
    await expect(client.renew('not-a-refresh-token')).rejects.toBeInstanceOf(ErrorResponse);
  });
});
