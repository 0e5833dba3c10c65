import { describe, expect, it } from 'vitest';
import { accessCookie, ACCESS_COOKIE, mirrorAccessCookie } from './session-cookie';
import { createSessionStore } from './session-store';

/** An unsigned JWT expiring at `exp` (seconds since the epoch). */
function jwt(exp: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ exp })}.sig`;
}

describe('accessCookie', () => {
  const now = 1_800_000_000;

  it('holds the access token as long as it is valid, Strict to this site', () => {
    const access = jwt(now + 300);
    expect(accessCookie({ backend: 'joule', access }, now, false)).toBe(
      `${ACCESS_COOKIE}=${access}; Max-Age=300; Path=/; SameSite=Strict`,
    );
    expect(accessCookie({ backend: 'joule', access }, now + 0.5, true)).toBe(
      `${ACCESS_COOKIE}=${access}; Max-Age=299; Path=/; SameSite=Strict; Secure`,
    );
  });

  it('removes the cookie when signed out, for single sign-on, or for a token expired or not a JWT', () => {
    const removal = `${ACCESS_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
    expect(accessCookie({ backend: 'none', access: '' }, now, false)).toBe(removal);
    // The app renews a single sign-on session's token before anything else, so it would not
    // hydrate the server's page (docs/product.md §4).
    expect(accessCookie({ backend: 'oidc', access: jwt(now + 300) }, now, false)).toBe(removal);
    expect(accessCookie({ backend: 'joule', access: jwt(now) }, now, false)).toBe(removal);
    expect(accessCookie({ backend: 'joule', access: 'opaque' }, now, false)).toBe(removal);
  });
});

describe('mirrorAccessCookie', () => {
  it('writes the cookie now and whenever the token or backend changes', () => {
    const store = createSessionStore(null);
    const target = { cookie: '', location: { protocol: 'http:' } };
    const written: string[] = [];
    const recorder = {
      location: target.location,
      set cookie(value: string) {
        written.push(value.split(';')[0]!);
      },
      get cookie() {
        return '';
      },
    };
    const stop = mirrorAccessCookie(store, recorder);
    const access = jwt(Math.floor(Date.now() / 1000) + 300);
    store.setBackend('joule');
    store.setTokens({ access, refresh: 'r' });
    store.setUser({ id: 1, email: 'a@b.cz', privileges: [] }); // no change of token: no write
    store.clear();
    stop();
    store.setTokens({ access });
    expect(written).toEqual([
      `${ACCESS_COOKIE}=`,
      `${ACCESS_COOKIE}=`, // backend set, no token yet
      `${ACCESS_COOKIE}=${access}`,
      `${ACCESS_COOKIE}=`,
    ]);
  });
});
