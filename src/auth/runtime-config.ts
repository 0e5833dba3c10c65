/**
 * The deployment's runtime settings from `GET /config/` (**Joule**, docs/api.md): one SPA build
 * serves every deployment, so whether single sign-on is offered, and with which provider,
 * is read when needed rather than baked in at build time.
 */
import { anonymousClient, unwrap } from '../api';

/** Where single sign-on goes (docs/product.md §7 "Single sign-on": discovery from the issuer). */
export interface OidcSettings {
  /** The provider's issuer URL; discovery is `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
  /** The SPA's client id at the provider (`joule`). */
  readonly client_id: string;
  /**
   * Maximum authentication age in seconds (docs/product.md §5; server `OIDC_MAX_AGE`): sent as
   * `max_age`, and an ID token with an older or missing `auth_time` is refused. Null or
   * absent (a back-end that does not publish it): not enforced.
   */
  readonly max_age?: number | null;
}

/** `GET /config/`. */
export interface RuntimeConfig {
  /** Null when the deployment has no single sign-on. */
  readonly oidc: OidcSettings | null;
  readonly release: string | null;
}

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
