/**
 * Provider access tokens on the API (API.md "Base, format, auth"; SPEC §5 token checks,
 * §9 clock skew 30 s): a provider publishing its keys over real HTTP, tokens signed with
 * them (and forged ones), and the real dev provider (`oidc-provider`) end to end.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SignJWT,
  base64url,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';
import { signInAtProvider } from '../test/oidc-flow';
import { startTestServer, type TestServer } from '../test/server';
import { DEV_IDP_PASSWORD, devRedirectUris, startDevIdp, type DevIdp } from './dev-idp';
import { createOidcTokenVerifier } from './oidc-verifier';

const now = () => Math.floor(Date.now() / 1000);

/** A provider of our own making: discovery and JWKS over HTTP, keys to sign with. */
interface LocalProvider {
  readonly issuer: string;
  readonly rsa: CryptoKey;
  readonly ec: CryptoKey;
  /** Not published: a forged signature. */
  readonly stranger: CryptoKey;
  close(): Promise<void>;
}

async function startLocalProvider(): Promise<LocalProvider> {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const jwks = {
    keys: [
      { ...(await exportJWK(rsa.publicKey)), kid: 'rsa', alg: 'RS256', use: 'sig' },
      { ...(await exportJWK(ec.publicKey)), kid: 'ec', alg: 'ES256', use: 'sig' },
    ],
  };
  const server: Server = createServer((request, response) => {
    const body =
      request.url === '/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/jwks` }
        : request.url === '/jwks'
          ? jwks
          : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    rsa: rsa.privateKey,
    ec: ec.privateKey,
    stranger: stranger.privateKey,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let provider: LocalProvider;
let server: TestServer;

beforeAll(async () => {
  provider = await startLocalProvider();
  server = await startTestServer({
    oidc: { issuer: provider.issuer, client_id: 'joule' },
    externalTokenVerifiers: [
      createOidcTokenVerifier({ issuer: provider.issuer, audience: 'joule' }),
    ],
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** A provider access token (RFC 9068 shape) with `changes` applied. */
function accessClaims(changes: JWTPayload = {}): JWTPayload {
  return {
    iss: provider.issuer,
    sub: 'admin-sub',
    aud: 'joule',
    client_id: 'joule',
    scope: 'openid profile email',
    email: DEMO_USERS.admin,
    iat: now(),
    exp: now() + 300,
    jti: 'j1',
    ...changes,
  };
}

async function sign(
  payload: JWTPayload,
  { key = provider.rsa, alg = 'RS256', kid = 'rsa', typ = 'at+jwt' } = {},
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg, kid, typ }).sign(key);
}

const me = (token: string) => server.request('/auth/me/', { token });

describe('provider access tokens', () => {
  it('/config/ publishes the issuer and client id, and no maximum auth age', async () => {
    const response = await server.request('/config/');
    expect(response.body).toEqual({
      oidc: { issuer: provider.issuer, client_id: 'joule', max_age: null },
      release: null,
    });
  });

  it.each<[string, () => Promise<string>]>([
    ['an RS256 access token', () => sign(accessClaims())],
    [
      'an ES256 access token',
      () => sign(accessClaims(), { key: provider.ec, alg: 'ES256', kid: 'ec' }),
    ],
    ['the e-mail in another case', () => sign(accessClaims({ email: 'Admin@JOULE.test' }))],
    [
      'a Keycloak-style token: aud account, azp joule, typ JWT',
      () => sign(accessClaims({ aud: 'account', azp: 'joule', typ: 'Bearer' }), { typ: 'JWT' }),
    ],
    ['a token expired 10 s ago (30 s clock skew)', () => sign(accessClaims({ exp: now() - 10 }))],
  ])('accepts %s and maps it to the user', async (_case, make) => {
    const response = await me(await make());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: DEMO_USERS.admin, privileges: ['superuser'] });
  });

  it.each<[string, () => Promise<string>]>([
    ['an expired token', () => sign(accessClaims({ iat: now() - 400, exp: now() - 31 }))],
    ['a token not yet valid (nbf)', () => sign(accessClaims({ nbf: now() + 60 }))],
    ['a token issued in the future (iat)', () => sign(accessClaims({ iat: now() + 60 }))],
    ['a token without exp', () => sign(accessClaims({ exp: undefined }))],
    ['a wrong signature', () => sign(accessClaims(), { key: provider.stranger })],
    [
      'alg none',
      async () => {
        const encode = (value: object) => base64url.encode(JSON.stringify(value));
        return `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode(accessClaims())}.`;
      },
    ],
    [
      'HS256 with the public key as the secret',
      () =>
        sign(accessClaims(), {
          key: new TextEncoder().encode(JSON.stringify(provider.issuer).padEnd(40, 'x')) as never,
          alg: 'HS256',
        }),
    ],
    ['a wrong issuer', () => sign(accessClaims({ iss: 'http://127.0.0.1:1/evil' }))],
    ['a wrong audience', () => sign(accessClaims({ aud: 'another-app' }))],
    [
      'an ID token (no scope, typ JWT)',
      () => sign(accessClaims({ scope: undefined, client_id: undefined }), { typ: 'JWT' }),
    ],
    ['an ID token with nonce', () => sign(accessClaims({ nonce: 'n' }), { typ: 'JWT' })],
    [
      'a refresh token (Keycloak typ Refresh)',
      () => sign(accessClaims({ typ: 'Refresh' }), { typ: 'JWT' }),
    ],
    ['a token without an email claim', () => sign(accessClaims({ email: undefined }))],
  ])('answers 401 token_not_valid for %s', async (_case, make) => {
    const response = await me(await make());
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'token_not_valid' });
  });

  it('answers 401 for an e-mail without a Joule user', async () => {
    const response = await me(await sign(accessClaims({ email: 'nobody@joule.test' })));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'user_not_found' });
  });

  it('own tokens keep working', async () => {
    const response = await me(await server.login(DEMO_USERS.clerk));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: DEMO_USERS.clerk });
  });
});

describe('with the dev identity provider (oidc-provider)', () => {
  let idp: DevIdp;
  let app: TestServer;
  const redirectUri = devRedirectUris(8000, '0.0.0.0')[0]!;

  beforeAll(async () => {
    idp = await startDevIdp({ port: 0, redirectUris: [redirectUri] });
    app = await startTestServer({
      database: server.database,
      oidc: { issuer: idp.issuer, client_id: 'joule', max_age: 900 },
      externalTokenVerifiers: [createOidcTokenVerifier({ issuer: idp.issuer, audience: 'joule' })],
    });
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  it('its access token signs the admin in; ID and refresh tokens are refused', async () => {
    expect(DEV_IDP_PASSWORD).toBe(DEMO_PASSWORD);
    const tokens = await signInAtProvider(
      idp.issuer,
      redirectUri,
      DEMO_USERS.admin,
      DEV_IDP_PASSWORD,
    );
    const ok = await app.request('/auth/me/', { token: tokens.access_token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: DEMO_USERS.admin, privileges: ['superuser'] });
    for (const token of [tokens.id_token, tokens.refresh_token ?? '']) {
      const refused = await app.request('/auth/me/', { token });
      expect(refused.status).toBe(401);
    }
  });

  it('a provider account without a Joule user gets 401', async () => {
    const tokens = await signInAtProvider(
      idp.issuer,
      redirectUri,
      'nobody@joule.test',
      DEV_IDP_PASSWORD,
    );
    const response = await app.request('/auth/me/', { token: tokens.access_token });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'user_not_found' });
  });

  it('/config/ publishes the maximum auth age (OIDC_MAX_AGE, SPEC §5)', async () => {
    const response = await app.request('/config/');
    expect(response.body).toEqual({
      oidc: { issuer: idp.issuer, client_id: 'joule', max_age: 900 },
      release: null,
    });
  });

  it('a wrong password is refused at the provider', async () => {
    await expect(
      signInAtProvider(idp.issuer, redirectUri, DEMO_USERS.admin, 'wrong-password'),
    ).rejects.toThrow();
  });
});
