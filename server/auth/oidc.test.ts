/**
 * Provider access tokens on the API (docs/api.md "Base, format, auth"; docs/product.md §5 token
 * checks, §9 clock skew 30 s): a provider publishing its keys over real HTTP, tokens signed with
 * them (and forged ones), and the real dev provider (`oidc-provider`) end to end. Also the
 * single sign-on hardening: `email_verified` required, e-mails compared by ASCII case only
 * (`email-key.ts`), the provider account bound on first use (`oidc-account.ts`), and a
 * provider that is down answered 503, not 401.
 */
import { createServer, type Server } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import { eq } from 'drizzle-orm';
import {
  SignJWT,
  base64url,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';
import { signInAtProvider } from '../test-support/oidc-flow';
import { startTestServer, type TestServer } from '../test-support/server';
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
  /** While true, every connection is dropped without an answer (the provider is down). */
  down: boolean;
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
    if (local.down) {
      request.socket.destroy();
      return;
    }
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
  const local: LocalProvider = {
    issuer,
    rsa: rsa.privateKey,
    ec: ec.privateKey,
    stranger: stranger.privateKey,
    down: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return local;
}

let provider: LocalProvider;
let server: TestServer;
/** The server's log lines (pino JSON), for the refusals that must be logged. */
const logLines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];

beforeAll(async () => {
  provider = await startLocalProvider();
  server = await startTestServer({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    },
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
    email_verified: true,
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
    ['a token without sub', () => sign(accessClaims({ sub: undefined }))],
    ['a token without email_verified', () => sign(accessClaims({ email_verified: undefined }))],
    ['email_verified false', () => sign(accessClaims({ email_verified: false }))],
    ['email_verified "true" (a string)', () => sign(accessClaims({ email_verified: 'true' }))],
  ])('answers 401 token_not_valid for %s', async (_case, make) => {
    const response = await me(await make());
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'token_not_valid' });
  });

  it('answers 401 for an e-mail without a Joule user', async () => {
    const token = await sign(accessClaims({ sub: 'nobody-sub', email: 'nobody@joule.test' }));
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'user_not_found' });
  });

  it('own tokens keep working', async () => {
    const response = await me(await server.login(DEMO_USERS.clerk));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: DEMO_USERS.clerk });
  });

  it('signs in a user whose role requires two-factor: single sign-on leaves it to the provider', async () => {
    // docs/security.md "Two-factor sign-in".
    const admin = await server.login(DEMO_USERS.admin);
    const role = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Strict over SSO', privileges: ['CUSTOMERS'], requires_two_factor: true },
    });
    expect(role.status).toBe(201);
    const user = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email: 'sso-strict@joule.test', roles: [role.body.id] },
    });
    expect(user.status).toBe(201);
    const token = await sign(accessClaims({ sub: 'strict-sub', email: 'sso-strict@joule.test' }));
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'sso-strict@joule.test' });
  });
});

describe('with the dev identity provider (oidc-provider)', () => {
  let idp: DevIdp;
  let app: TestServer;
  const redirectUri = devRedirectUris(8000, '0.0.0.0')[0]!;

  beforeAll(async () => {
    idp = await startDevIdp({ port: 0, redirectUris: [redirectUri] });
    // A database of its own: the admin there is bound to the local provider's account.
    app = await startTestServer({
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

  it('its access tokens say the e-mail is verified, and the first use binds the account', async () => {
    const tokens = await signInAtProvider(
      idp.issuer,
      redirectUri,
      DEMO_USERS.clerk,
      DEV_IDP_PASSWORD,
    );
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      email: DEMO_USERS.clerk,
      email_verified: true,
      sub: DEMO_USERS.clerk,
    });
    expect((await app.request('/auth/me/', { token: tokens.access_token })).status).toBe(200);
    const [row] = await app.database.db
      .select({ issuer: users.oidcIssuer, subject: users.oidcSubject })
      .from(users)
      .where(eq(users.email, DEMO_USERS.clerk));
    expect(row).toEqual({ issuer: idp.issuer, subject: DEMO_USERS.clerk });
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

  it('/config/ publishes the maximum auth age (OIDC_MAX_AGE, docs/product.md §5)', async () => {
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

/** Adds a user without roles straight to the database; its id. */
async function addUser(email: string): Promise<number> {
  const [row] = await server.database.db
    .insert(users)
    .values({ email })
    .returning({ id: users.id });
  return row!.id;
}

/** The provider account bound to the user with this (stored) e-mail. */
async function bindingOf(email: string) {
  const [row] = await server.database.db
    .select({ issuer: users.oidcIssuer, subject: users.oidcSubject })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

describe('email_verified (OIDC_REQUIRE_EMAIL_VERIFIED)', () => {
  let lenient: TestServer;

  beforeAll(async () => {
    lenient = await startTestServer({
      database: server.database,
      externalTokenVerifiers: [
        createOidcTokenVerifier({
          issuer: provider.issuer,
          audience: 'joule',
          requireEmailVerified: false,
        }),
      ],
    });
  });
  afterAll(() => lenient?.close());

  it('is required by default: a token without it is refused', async () => {
    const response = await me(await sign(accessClaims({ email_verified: undefined })));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'token_not_valid' });
  });

  it('turned off, a token without it is accepted', async () => {
    const token = await sign(accessClaims({ email_verified: undefined }));
    const response = await lenient.request('/auth/me/', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: DEMO_USERS.admin });
  });

  it('turned off, a token saying false is still refused', async () => {
    const token = await sign(accessClaims({ email_verified: false }));
    const response = await lenient.request('/auth/me/', { token });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'token_not_valid' });
  });
});

describe('look-alike e-mails (ASCII case only, after NFC)', () => {
  beforeAll(async () => {
    await addUser('kate@joule.test');
    await addUser('anna@joule.test');
  });

  it.each<[string, string, string]>([
    ['KELVIN SIGN for k', '\u212Aate@joule.test', 'kate@joule.test'],
    ['KELVIN SIGN among capitals', '\u212AATE@JOULE.TEST', 'kate@joule.test'],
    ['fullwidth a', '\uFF41nna@joule.test', 'anna@joule.test'],
    ['fullwidth capitals', '\uFF21\uFF2E\uFF2E\uFF21@joule.test', 'anna@joule.test'],
  ])('%s does not sign in as the ASCII user', async (_case, lookAlike, ascii) => {
    const token = await sign(accessClaims({ sub: `look-alike ${lookAlike}`, email: lookAlike }));
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'user_not_found' });
    expect(await bindingOf(ascii)).toEqual({ issuer: null, subject: null });
  });

  it('the ASCII address in capitals still signs in', async () => {
    const response = await me(await sign(accessClaims({ sub: 'kate', email: 'KATE@Joule.Test' })));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'kate@joule.test' });
  });
});

describe('the provider account is bound on first use', () => {
  const signAs = (sub: string, email: string) => sign(accessClaims({ sub, email }));

  beforeAll(async () => {
    await addUser('bind@joule.test');
    await addUser('other@joule.test');
    await addUser('race@joule.test');
    await addUser('twin@joule.test');
  });

  it('the first sign-in stores the issuer and sub', async () => {
    expect(await bindingOf('bind@joule.test')).toEqual({ issuer: null, subject: null });
    const response = await me(await signAs('bind-1', 'bind@joule.test'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'bind@joule.test' });
    expect(await bindingOf('bind@joule.test')).toEqual({
      issuer: provider.issuer,
      subject: 'bind-1',
    });
  });

  it('another sub with the same e-mail is refused like an unknown user, and logged', async () => {
    logLines.length = 0;
    const response = await me(await signAs('bind-2', 'BIND@joule.test'));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'user_not_found' });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringContaining('bound to another provider account'),
        account: { issuer: provider.issuer, subject: 'bind-2' },
      }),
    );
    expect(await bindingOf('bind@joule.test')).toMatchObject({ subject: 'bind-1' });
  });

  it.each([
    ['its usual e-mail', 'bind@joule.test'],
    ['another user’s e-mail', 'other@joule.test'],
    ['an e-mail of no user', 'gone@joule.test'],
  ])('the bound account keeps naming its user with %s', async (_case, email) => {
    const response = await me(await signAs('bind-1', email));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'bind@joule.test' });
    expect(await bindingOf('other@joule.test')).toEqual({ issuer: null, subject: null });
  });

  it('of racing first sign-ins with different subs exactly one wins', async () => {
    const subs = Array.from({ length: 8 }, (_, i) => `race-${i}`);
    const tokens = await Promise.all(subs.map((sub) => signAs(sub, 'race@joule.test')));
    const statuses = await Promise.all(tokens.map(async (token) => (await me(token)).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(7);
    const winner = subs[statuses.indexOf(200)];
    expect(await bindingOf('race@joule.test')).toEqual({
      issuer: provider.issuer,
      subject: winner,
    });
  });

  it('racing first sign-ins of the same account all succeed', async () => {
    const token = await signAs('twin-1', 'twin@joule.test');
    const statuses = await Promise.all(
      Array.from({ length: 6 }, async () => (await me(token)).status),
    );
    expect(statuses).toEqual(Array(6).fill(200));
    expect(await bindingOf('twin@joule.test')).toMatchObject({ subject: 'twin-1' });
  });
});

describe('a provider that is down answers 503, not 401', () => {
  const TIMEOUT_MS = 1_000;
  let app: TestServer;
  /** Accepts connections and never answers a byte. */
  let silent: TcpServer;
  const silentSockets = new Set<Socket>();
  let silentIssuer: string;
  /** Discovery answers, its JWKS URL never does. */
  let silentJwks: Server;
  let silentJwksIssuer: string;
  /** Nothing listens there any more. */
  let stoppedIssuer: string;
  /** Drops connections while `down`, then comes back. */
  let flaky: LocalProvider;

  beforeAll(async () => {
    silent = createTcpServer((socket) => {
      silentSockets.add(socket);
      socket.on('close', () => silentSockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentIssuer = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;

    silentJwks = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ issuer: silentJwksIssuer, jwks_uri: `${silentIssuer}/jwks` }));
    });
    await new Promise<void>((resolve) => silentJwks.listen(0, '127.0.0.1', resolve));
    silentJwksIssuer = `http://127.0.0.1:${(silentJwks.address() as AddressInfo).port}`;

    const stopped = createServer();
    await new Promise<void>((resolve) => stopped.listen(0, '127.0.0.1', resolve));
    stoppedIssuer = `http://127.0.0.1:${(stopped.address() as AddressInfo).port}`;
    await new Promise((resolve) => stopped.close(resolve));

    flaky = await startLocalProvider();
    flaky.down = true;
    await addUser('flaky@joule.test');

    const verifier = (issuer: string, retryAfterS = 30) =>
      createOidcTokenVerifier({ issuer, audience: 'joule', timeoutMs: TIMEOUT_MS, retryAfterS });
    app = await startTestServer({
      database: server.database,
      externalTokenVerifiers: [
        verifier(silentIssuer),
        verifier(silentJwksIssuer),
        verifier(stoppedIssuer),
        verifier(flaky.issuer, 0.5),
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of silentSockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
    silentJwks?.closeAllConnections();
    await new Promise((resolve) => silentJwks?.close(resolve));
    await flaky?.close();
  });

  /** /auth/me/ with a token of `issuer` (signed by the main provider's key), timed. */
  async function meAt(issuer: string, key = provider.rsa, email: string = DEMO_USERS.admin) {
    const token = await sign(accessClaims({ iss: issuer, sub: `${issuer} user`, email }), {
      key,
    });
    const started = performance.now();
    const response = await app.request('/auth/me/', { token });
    return { response, ms: performance.now() - started };
  }

  it.each<[string, () => string]>([
    ['discovery accepts and never answers', () => silentIssuer],
    ['the JWKS accepts and never answers', () => silentJwksIssuer],
    ['the provider is stopped', () => stoppedIssuer],
  ])('%s: 503 with Retry-After within the timeout', async (_case, issuer) => {
    const { response, ms } = await meAt(issuer());
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: expect.any(String) });
    expect(response.headers.get('retry-after')).toBe('30');
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('until Retry-After has passed, further calls fail at once', async () => {
    const { response, ms } = await meAt(silentIssuer);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ms).toBeLessThan(TIMEOUT_MS / 2);
  });

  it('a provider back up is used again after Retry-After', async () => {
    const down = await meAt(flaky.issuer, flaky.rsa, 'flaky@joule.test');
    expect(down.response.status).toBe(503);
    flaky.down = false;
    await new Promise((resolve) => setTimeout(resolve, 600));
    const up = await meAt(flaky.issuer, flaky.rsa, 'flaky@joule.test');
    expect(up.response.status).toBe(200);
    expect(up.response.body).toMatchObject({ email: 'flaky@joule.test' });
  });

  it('a forged token of a provider that is up is still 401', async () => {
    const { response } = await meAt(flaky.issuer, provider.stranger, 'flaky@joule.test');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'token_not_valid' });
  });
});
