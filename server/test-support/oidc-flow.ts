/**
 * Test helper: the authorization code flow with PKCE (S256) against an OIDC provider over
 * real HTTP, the way the SPA runs it in a browser (docs/product.md §4 "Single sign-on"), with a
 * tiny cookie jar in place of the browser. Made for the dev provider's sign-in form
 * (`auth/dev-idp.ts`).
 */
import { createHash, randomBytes } from 'node:crypto';

/** The provider's token endpoint answer. */
export interface ProviderTokens {
  readonly access_token: string;
  readonly id_token: string;
  readonly refresh_token?: string;
  readonly expires_in: number;
  readonly token_type: string;
}

/**
 * The browser's cookies at the provider: keep one across calls to stay signed in there
 * (the provider's session), a fresh one per call otherwise.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** The `cookie` header to send. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Takes the answer's `set-cookie` lines (an expired one removes its cookie). */
  remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** GET without following redirects. */
  async get(url: string): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.header() } });
    this.remember(response);
    return response;
  }

  /** A form POST without following redirects. */
  async post(url: string, form: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: this.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    this.remember(response);
    return response;
  }
}

/** Follows the provider's 303s from `response` until one leaves `issuer`: that URL. */
async function leaveProvider(jar: CookieJar, issuer: string, response: Response): Promise<string> {
  for (let step = 0; step < 8 && response.status === 303; step++) {
    const next = new URL(response.headers.get('location') ?? '', issuer);
    if (next.origin !== issuer) return next.href;
    response = await jar.get(next.href);
  }
  throw new Error(`the provider stopped at ${response.status}`);
}

/**
 * Follows `authorizationUrl` through the provider's sign-in form as `login` and returns the
 * URL the provider sends the browser back to (the callback with `code`, `state`, `iss`).
 * @param jar the browser's cookies; pass one to keep the provider's session afterwards.
 * @throws when the provider does not come back (e.g. a wrong password), or does not ask
 *   for the password (a session at the provider already).
 */
export async function authorizeAtProvider(
  authorizationUrl: string,
  login: string,
  password: string,
  jar: CookieJar = new CookieJar(),
): Promise<string> {
  const issuer = new URL(authorizationUrl).origin;
  const interaction = await interactionOf(jar, authorizationUrl);
  const form = await (await jar.get(interaction)).text();
  if (!form.includes('name="password"')) throw new Error('the provider did not ask to sign in');
  const response = await jar.post(`${interaction}/login`, { login, password });
  return leaveProvider(jar, issuer, response);
}

/** The interaction page the authorization request leads to. */
async function interactionOf(jar: CookieJar, authorizationUrl: string): Promise<string> {
  const response = await jar.get(authorizationUrl);
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`authorization: ${response.status}`);
  return new URL(location, authorizationUrl).href;
}

/**
 * Whether the provider asks `jar`'s browser for its password at `authorizationUrl`, rather
 * than answering from its session (the form of `auth/dev-idp.ts`).
 */
export async function providerAsksForPassword(
  authorizationUrl: string,
  jar: CookieJar,
): Promise<boolean> {
  const interaction = await interactionOf(jar, authorizationUrl);
  if (new URL(interaction).origin !== new URL(authorizationUrl).origin) return false;
  const page = await jar.get(interaction);
  return page.status === 200 && (await page.text()).includes('name="password"');
}

/**
 * RP-initiated logout in `jar`'s browser: opens `endSessionUrl`, submits the page's form as
 * its script would (every input of its first form), and returns where the provider then
 * sends the browser.
 * @throws when the page has no form or the provider does not send the browser on.
 */
export async function endSessionAtProvider(endSessionUrl: string, jar: CookieJar): Promise<string> {
  const issuer = new URL(endSessionUrl).origin;
  const page = await jar.get(endSessionUrl);
  const html = await page.text();
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (page.status !== 200 || !form) throw new Error(`end session: ${page.status} ${html}`);
  const inputs: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    inputs[input[1]!] = input[2]!;
  return leaveProvider(jar, issuer, await jar.post(new URL(form[1]!, issuer).href, inputs));
}

/** Signs `login` in at the provider and exchanges the code; throws on any unexpected step. */
export async function signInAtProvider(
  issuer: string,
  redirectUri: string,
  login: string,
  password: string,
): Promise<ProviderTokens> {
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: 'joule',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'test-state',
  }).toString();
  const callback = new URL(await authorizeAtProvider(authorize.href, login, password));
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.search}`);
  const token = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'joule',
      code_verifier: verifier,
    }),
  });
  if (!token.ok) throw new Error(`token endpoint ${token.status}: ${await token.text()}`);
  return (await token.json()) as ProviderTokens;
}
