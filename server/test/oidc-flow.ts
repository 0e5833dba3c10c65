/**
 * Test helper: the authorization code flow with PKCE (S256) against an OIDC provider over
 * real HTTP, the way the SPA runs it in a browser (SPEC §4 "Single sign-on"), with a tiny
 * cookie jar in place of the browser. Made for the dev provider's sign-in form
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
 * Follows `authorizationUrl` through the provider's sign-in form as `login` and returns the
 * URL the provider sends the browser back to (the callback with `code`, `state`, `iss`).
 * @throws when the provider does not come back (e.g. a wrong password).
 */
export async function authorizeAtProvider(
  authorizationUrl: string,
  login: string,
  password: string,
): Promise<string> {
  const issuer = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  const cookies = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const get = async (url: string) => {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookies() } });
    remember(response);
    return response;
  };
  let response = await get(authorizationUrl);
  const interaction = new URL(response.headers.get('location') ?? '', issuer).href;
  await get(interaction);
  response = await fetch(`${interaction}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookies(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  remember(response);
  for (let step = 0; step < 8 && response.status === 303; step++) {
    const next = new URL(response.headers.get('location') ?? '', issuer);
    if (next.origin !== issuer) return next.href;
    response = await get(next.href);
  }
  throw new Error(`sign-in at the provider stopped at ${response.status}`);
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
