/**
 * The brute-force guard of the anonymous auth endpoints (sign-in, password reset): fixed
 * windows of hits per key, kept in the database table `throttle_hits`, so every instance
 * on one database counts together (PGlite and PostgreSQL alike: one code path). Over a
 * limit the request answers DRF's 429 `{"detail": "Request was throttled. Expected
 * available in N seconds."}` with `Retry-After` (docs/api.md "Errors").
 *
 * Each request is counted under up to three keys per scope (`login`, `reset`, …):
 * - per client address (all accounts): ten times the rate, since many people may share one
 *   address (an office behind NAT);
 * - per account from all addresses: twice the rate, so an attacker rotating addresses still
 *   gets at most that many guesses per account, while one address alone cannot lock the
 *   owner out;
 * - per account and address: the rate.
 *
 * Memory and storage stay bounded under a flood: nothing is kept in the process; the
 * account is counted only when the body's e-mail is a valid address of at most 254
 * characters (anything else fails validation anyway), keys longer than
 * {@link MAX_PLAIN_KEY} are stored as their SHA-256, account keys are counted only after
 * the address passed (so one address adds at most 2 × its limit rows per window), and
 * every check deletes a bounded batch of expired rows.
 *
 * Why not `@fastify/rate-limit`'s limiter: it counts one key per limiter and ships only a
 * per-process LRU store and a Redis store, while this guard needs three keys derived from
 * the parsed body and counters shared through PostgreSQL. Its IP normalisation is used:
 * IPv6 addresses are counted per /64, the block one subscriber usually gets.
 */
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { throttleHits } from '../db/schema';
import { messages } from '../i18n/messages';
import { isEmailAddress } from '../resources/engine';
import { detailError } from './errors';

/** Rate of a throttle: `limit` hits per `windowSeconds`. */
export interface ThrottleRate {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Parses a DRF-style rate such as `20/min`, `5/hour`, `100/day`, `3/s`. */
export function parseRate(rate: string): ThrottleRate {
  const match = /^\s*(\d+)\s*\/\s*(s|sec|second|m|min|minute|h|hour|d|day)\s*$/i.exec(rate);
  if (!match) throw new Error(`Invalid throttle rate "${rate}"; use e.g. 20/min`);
  const unit = match[2]!.toLowerCase()[0];
  const windowSeconds = unit === 's' ? 1 : unit === 'm' ? 60 : unit === 'h' ? 3600 : 86400;
  return { limit: Number(match[1]), windowSeconds };
}

/** Multiple of the rate allowed per client address, all accounts together. */
export const ADDRESS_FACTOR = 10;
/** Multiple of the rate allowed per account, all addresses together. */
export const ACCOUNT_FACTOR = 2;
/** Longest key stored as is; longer ones are stored as `<scope>|<kind>|#<sha256>`. */
export const MAX_PLAIN_KEY = 128;
/** Longest e-mail address (RFC 5321 path limit) counted as an account. */
const MAX_EMAIL = 254;

/**
 * The account an auth body names, for counting: the e-mail trimmed, lower-cased and in
 * Unicode NFC (so case or composition variants of one address share a counter), or
 * undefined when `email` is not a string of a valid address of at most 254 characters.
 */
export function accountKey(email: unknown): string | undefined {
  if (typeof email !== 'string') return undefined;
  const trimmed = email.trim();
  // Checked before normalising, so a huge value costs no more than this comparison.
  if (trimmed.length > MAX_EMAIL) return undefined;
  const normalised = trimmed.toLowerCase().normalize('NFC');
  return normalised.length <= MAX_EMAIL && isEmailAddress(normalised) ? normalised : undefined;
}

/**
 * The stored key of `parts` under `scope` and `kind`; its parts are hashed (SHA-256) when
 * it is longer than {@link MAX_PLAIN_KEY}, so a key is at most that or the hash long.
 */
export function throttleKey(scope: string, kind: string, ...parts: readonly string[]): string {
  const key = [scope, kind, ...parts].join('|');
  if (key.length <= MAX_PLAIN_KEY) return key;
  return `${scope}|${kind}|#${createHash('sha256').update(parts.join('|')).digest('hex')}`;
}

/** One key's count in its current window. */
export interface ThrottleCount {
  /** Hits in the current window, this one included. */
  readonly hits: number;
  /** Whole seconds until the window ends (at least 1). */
  readonly secondsLeft: number;
}

/**
 * Fixed-window counters in `throttle_hits`, on the database's clock (instances' clocks may
 * differ). One atomic upsert per hit: a key whose window has ended starts a new one.
 */
export class ThrottleStore {
  /**
   * @param db the app's database
   * @param purgeBatch expired rows deleted at most per {@link purge}
   */
  constructor(
    private readonly db: Database,
    private readonly purgeBatch = 100,
  ) {}

  /**
   * Counts one hit for each of `keys` (distinct; each at most 400 characters, see
   * {@link throttleKey}), a new window lasting `windowSeconds`; answers their counts in order.
   */
  async hit(keys: readonly string[], windowSeconds: number): Promise<ThrottleCount[]> {
    if (keys.length === 0) return [];
    const expired = sql`${throttleHits.windowEndsAt} <= now()`;
    const rows = await this.db
      .insert(throttleHits)
      .values(
        keys.map((key) => ({
          key,
          hits: 1,
          windowEndsAt: sql`now() + ${windowSeconds} * interval '1 second'`,
        })),
      )
      .onConflictDoUpdate({
        target: throttleHits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${throttleHits.hits} + 1 end`,
          windowEndsAt: sql`case when ${expired}
            then excluded.window_ends_at else ${throttleHits.windowEndsAt} end`,
        },
      })
      .returning({
        key: throttleHits.key,
        hits: throttleHits.hits,
        secondsLeft: sql<number>`ceil(extract(epoch from
          ${throttleHits.windowEndsAt} - now()))::int`,
      });
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return keys.map((key) => {
      const row = byKey.get(key);
      if (!row) throw new Error(`throttle: no count returned for ${key}`);
      return { hits: row.hits, secondsLeft: Math.max(1, Number(row.secondsLeft)) };
    });
  }

  /**
   * Deletes up to `purgeBatch` rows whose window has ended (rows another instance is
   * deleting are skipped, not waited for); answers how many went.
   */
  async purge(): Promise<number> {
    const expired = lt(throttleHits.windowEndsAt, sql`now()`);
    const batch = this.db
      .select({ key: throttleHits.key })
      .from(throttleHits)
      .where(expired)
      .orderBy(throttleHits.windowEndsAt)
      .limit(this.purgeBatch)
      .for('update', { skipLocked: true });
    // `expired` again: a row a concurrent hit has just restarted is no longer deleted.
    const deleted = await this.db
      .delete(throttleHits)
      .where(and(expired, inArray(throttleHits.key, batch)))
      .returning({ key: throttleHits.key });
    return deleted.length;
  }
}

/** The throttle of the anonymous auth endpoints, counters in a {@link ThrottleStore}. */
export class AuthThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly rate: ThrottleRate,
  ) {}

  /**
   * Counts a request of `scope` from client address `ip` naming `email` (the raw body
   * field; see {@link accountKey}). Throws a 429 `ApiError` with `Retry-After` when the
   * address, the account, or the account from this address is over its limit (module
   * comment); the account is not counted when the address already is.
   */
  async check(scope: string, ip: string, email: unknown): Promise<void> {
    const { limit, windowSeconds } = this.rate;
    await this.store.purge();
    const address = normalizeIP(ip);
    const [perAddress] = await this.store.hit([throttleKey(scope, 'ip', address)], windowSeconds);
    if (perAddress!.hits > limit * ADDRESS_FACTOR) throw throttled(perAddress!.secondsLeft);
    const account = accountKey(email);
    if (account === undefined) return;
    const [perAccount, perAccountAndAddress] = await this.store.hit(
      [throttleKey(scope, 'account', account), throttleKey(scope, 'account-ip', address, account)],
      windowSeconds,
    );
    const over = [
      perAccount!.hits > limit * ACCOUNT_FACTOR ? perAccount!.secondsLeft : 0,
      perAccountAndAddress!.hits > limit ? perAccountAndAddress!.secondsLeft : 0,
    ];
    const wait = Math.max(...over);
    if (wait > 0) throw throttled(wait);
  }
}

function throttled(seconds: number) {
  return detailError(429, messages.throttled(seconds), { 'retry-after': String(seconds) });
}
