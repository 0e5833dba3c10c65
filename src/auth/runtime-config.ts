/**
 * The deployment's runtime settings from `GET /config/` (**Joule**, docs/api.md): one SPA build
 * serves every deployment, so whether single sign-on is offered, and with which provider,
 * is read when needed rather than baked in at build time.
 */
import { anonymousClient, unwrap, type ApiSchema } from '../api';

/** `GET /config/`: the API's `Config`; its `oidc` is null when there is no single sign-on. */
export type RuntimeConfig = ApiSchema<'Config'>;

/**
 * Where single sign-on goes (docs/product.md §7 "Single sign-on": discovery from the
 * issuer's `/.well-known/openid-configuration`): the SPA's `client_id` at the provider, and
 * `max_age` (docs/product.md §5; server `OIDC_MAX_AGE`), the maximum authentication age in
 * seconds, sent as `max_age`; an ID token with an older or missing `auth_time` is then
 * refused. Null: not enforced.
 */
export type OidcSettings = NonNullable<RuntimeConfig['oidc']>;

let loading: Promise<RuntimeConfig> | null = null;

/**
 * The runtime settings, fetched once per page load. A back-end without `/config/` (a plain
 * DRF one) or a failed call counts as "no single sign-on"; a failed call is tried again
 * on the next use.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= unwrap(anonymousClient.GET('/config/')).then(
    (config) => ({ oidc: config.oidc ?? null, release: config.release ?? null }),
    (error: unknown) => {
      console.warn('Runtime configuration unavailable', error);
      loading = null;
      return { oidc: null, release: null };
    },
  );
  return loading;
}

/** Forgets the fetched settings (tests). */
export function resetRuntimeConfig(): void {
  loading = null;
}
