/**
 * A real OpenID Connect provider for development and end-to-end tests (docs/architecture.md
 * "Real components": `oidc-provider` on loopback), started by `JOULE_DEV_IDP=1`.
 *
 * It knows one public client, `joule` (no secret, PKCE S256 required, authorization code
 * and refresh token grants, redirect URIs given by the caller, RP-initiated logout back to
 * the SPA's `/login`), a few accounts
 * ({@link DEV_IDP_ACCOUNTS}, password {@link DEV_IDP_PASSWORD}) and issues JWT access tokens
 * (RFC 9068, RS256) for the resource `urn:joule:api` with audience `joule` and the
 * account's `email` and `email_verified: true` claims, so the API verifies them against the provider's JWKS like any
 * other provider's (`oidc-verifier.ts`). The sign-in page is a minimal HTML form of its own;
 * consent is given automatically (Joule is a first-party client), and so is the sign-out
 * at the end-session endpoint (OpenID Connect RP-Initiated Logout 1.0): the whole provider
 * session ends without a confirmation click. Everything lives in memory: a restart forgets
 * sessions and tokens.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** The dev provider's accounts: e-mail → display name. */
export const DEV_IDP_ACCOUNTS: Readonly<Record<string, string>> = {
  'admin@joule.test': 'Demo Administrator',
  'clerk@joule.test': 'Demo Clerk',
  // A provider account with no Joule user: signs in at the provider, has no access to Joule.
  'nobody@joule.test': 'Nobody Without Access',
};

/** The password of every {@link DEV_IDP_ACCOUNTS} account (the demo password). */
export const DEV_IDP_PASSWORD = 'joule-demo';

/** The client id of the SPA (docs/product.md §7 "Client id 'joule'"). */
export const OIDC_CLIENT_ID = 'joule';

/** Resource indicator of the Joule API at the dev provider; tokens for it carry `aud: joule`. */
export const DEV_IDP_RESOURCE = 'urn:joule:api';

/** Settings of {@link startDevIdp}. */
export interface DevIdpOptions {
  /** Loopback port to listen on; 0 picks a free one. */
  readonly port: number;
  /** Where the SPA may be sent back to: full `…/oidc/callback` URLs. */
  readonly redirectUris: readonly string[];
  /**
   * Where the end-session endpoint may send the browser after sign-out
   * (`post_logout_redirect_uri`). @default each redirect URI's origin + `/login`
   */
  readonly postLogoutRedirectUris?: readonly string[];
  /** Access token lifetime in seconds. @default 300 */
  readonly accessTokenTtl?: number;
  /** Refresh token lifetime in seconds. @default 86400 */
  readonly refreshTokenTtl?: number;
  /** Audience of the access tokens. @default 'joule' */
  readonly audience?: string;
}

/** A running dev provider. */
export interface DevIdp {
  /** The issuer URL, `http://127.0.0.1:<port>` (no trailing slash). */
  readonly issuer: string;
  /** Stops listening. */
  close(): Promise<void>;
}

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}' +
  'label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem;box-sizing:border-box}' +
  'button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

function loginPage(uid: string, email: string, error: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Joule dev identity provider</title>
<style>${PAGE_STYLE}</style></head><body><main>
<h1>Dev identity provider</h1>
<p>Sign in to continue to Joule. Accounts: ${Object.keys(DEV_IDP_ACCOUNTS)
    .map((account) => `<code>${escapeHtml(account)}</code>`)
    .join(', ')}; password <code>${DEV_IDP_PASSWORD}</code>.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login" autocomplete="off">
<label for="login">Account e-mail</label><input id="login" name="login" type="email" required autofocus value="${escapeHtml(email)}">
<label for="password">Account password</label><input id="password" name="password" type="password" required>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

/**
 * The end-session page: oidc-provider's form (`id="op.logoutForm"`, carrying the xsrf
 * secret) with `logout=yes` added, submitted on load; a button when scripts are off.
 */
function logoutPage(form: string): string {
  const withLogout = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"><noscript><button type="submit">Sign out</button></noscript></form>',
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title>
<style>${PAGE_STYLE}</style></head><body><main><h1>Dev identity provider</h1><p>Signing out…</p>
${withLogout}
<script>document.forms[0].submit()</script></main></body></html>`;
}

/** Shown after sign-out when the request named no way back. */
function signedOutPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title>
<style>${PAGE_STYLE}</style></head><body><main><h1>Dev identity provider</h1><p>You are signed out.</p></main></body></html>`;
}

function passwordMatches(given: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(DEV_IDP_PASSWORD);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: Chromium applies it to the redirects after the post, out to the SPA.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  response.end(html);
}

/**
 * Starts the dev provider on 127.0.0.1.
 * @throws when the port is taken.
 */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const audience = options.audience ?? OIDC_CLIENT_ID;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: 'dev-idp-1',
    alg: 'RS256',
    use: 'sig',
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [...options.redirectUris],
        post_logout_redirect_uris: [
          ...(options.postLogoutRedirectUris ??
            new Set(options.redirectUris.map((uri) => `${new URL(uri).origin}/login`))),
        ],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    // The SPA calls discovery, token and JWKS endpoints from its own origin(s) only.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    ttl: {
      AccessToken: options.accessTokenTtl ?? 300,
      RefreshToken: options.refreshTokenTtl ?? 86_400,
      Session: options.refreshTokenTtl ?? 86_400,
      Grant: options.refreshTokenTtl ?? 86_400,
      IdToken: 3600,
      Interaction: 3600,
      AuthorizationCode: 60,
    },
    features: {
      devInteractions: { enabled: false },
      // The SPA revokes its refresh token at logout (RFC 7009).
      revocation: { enabled: true },
      // …and then ends the provider session (RP-initiated logout): no confirmation page,
      // the form is posted at once with `logout=yes` (the whole session, not only Joule's
      // part of it), then the browser goes back to the SPA's login page.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => DEV_IDP_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid profile email',
          audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: options.accessTokenTtl ?? 300,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // A public first-party SPA: refresh tokens without `offline_access` (and its forced
    // consent prompt); oidc-provider rotates them for public clients.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async findAccount(_ctx, sub) {
      const name = DEV_IDP_ACCOUNTS[sub];
      if (!name) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: sub, email_verified: true, name }),
      };
    },
    // The API maps access tokens to users by e-mail (docs/api.md "Base, format, auth"), and
    // only by an address the provider vouches for (`email_verified`, oidc-verifier.ts): the
    // dev accounts' addresses are fixed, so verified.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token)) return undefined;
      const accountId = token.accountId as string | undefined;
      return accountId && DEV_IDP_ACCOUNTS[accountId]
        ? { email: accountId, email_verified: true }
        : undefined;
    },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title><style>${PAGE_STYLE}</style></head><body><main><h1>Dev identity provider: error</h1><pre>${escapeHtml(
        JSON.stringify(out, null, 2),
      )}</pre></main></body></html>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handleOidc = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, path: string) {
    const [, , uid, action] = path.split('/');
    const details = await provider.interactionDetails(request, response);
    if (!uid || details.uid !== uid) throw new Error('interaction mismatch');
    if (request.method === 'POST' && action === 'login') {
      const form = await readForm(request);
      const login = (form.get('login') ?? '').trim().toLowerCase();
      if (!DEV_IDP_ACCOUNTS[login] || !passwordMatches(form.get('password') ?? '')) {
        sendHtml(response, 200, loginPage(uid, login, 'Unknown account or wrong password.'));
        return;
      }
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (request.method !== 'GET' || action) {
      sendHtml(response, 405, 'Method not allowed');
      return;
    }
    if (details.prompt.name === 'login') {
      sendHtml(response, 200, loginPage(uid, '', null));
      return;
    }
    // Consent for the first-party client: grant what was asked.
    const { prompt, params, session, grantId } = details;
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session?.accountId, clientId: params.client_id as string });
    if (!grant) throw new Error('grant not found');
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (!path.startsWith('/interaction/')) {
      void handleOidc(request, response);
      return;
    }
    interaction(request, response, path).catch((error: unknown) => {
      if (response.headersSent) {
        response.end();
        return;
      }
      sendHtml(
        response,
        400,
        `<!doctype html><p class="error">${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`,
      );
    });
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The SPA callback URLs the dev provider accepts for a server on `port`: localhost and
 * 127.0.0.1, the listening host when it is a specific one, the public URL, and Vite's dev
 * server (5173, `npm run dev`).
 */
export function devRedirectUris(port: number, host: string, publicUrl?: string): string[] {
  const bases = new Set([
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
  ]);
  if (host !== '0.0.0.0' && host !== '::')
    bases.add(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  if (publicUrl) bases.add(publicUrl.replace(/\/+$/, ''));
  return [...bases].map((base) => `${base}/oidc/callback`);
}
