/**
 * The single sign-on client against a real provider over HTTP: the server's dev identity
 * provider (`oidc-provider`), with the browser's redirects followed by a test helper
 * (SPEC §4 "Single sign-on": code flow with PKCE S256, state and issuer checked, error and
 * implicit/hybrid answers refused, refresh_token grant without a secret).
 */
import { decodeJwt } from 'jose';
import { ErrorResponse, InMemoryWebStorage } from 'oidc-client-ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_IDP_PASSWORD, startDevIdp, type DevIdp } from '../../server/auth/dev-idp';
import { authorizeAtProvider } from '../../server/test/oidc-flow';
import { createSsoClient, SsoError, SSO_STATE_PREFIX, type SsoClient } from './oidc-client';

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
    { issuer: idp.issuer, client_id: 'joule' },
    { origin, storage, navigate: (url) => navigated.push(url) },
  );
});

/** Starts sign-in and signs the admin in at the provider: the callback URL. */
async function callbackUrl(login = 'admin@joule.test'): Promise<string> {
  await client.signIn();
  expect(navigated).toHaveLength(1);
  return authorizeAtProvider(navigated[0]!, login, DEV_IDP_PASSWORD);
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
    expect(storage.length).toBe(0);
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

describe('renewal', () => {
  it('renews with the refresh_token grant, and the rotated token replaces the old one', async () => {
    const first = await client.completeSignIn(await callbackUrl());
    const renewed = await client.renew(first.refresh!);
    expect(decodeJwt(renewed.access)).toMatchObject({ aud: 'joule', email: 'admin@joule.test' });
    expect(renewed.access).not.toBe(first.access);
    expect(renewed.refresh).toBeTruthy();
    expect(renewed.refresh).not.toBe(first.refresh);
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
