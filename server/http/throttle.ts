/**
 * A fixed-window request counter for the anonymous auth endpoints (brute-force guard):
 * after `limit` hits of one key within `windowSeconds`, further hits answer DRF's 429
 * `{"detail": "Request was throttled. Expected available in N seconds."}` with
 * `Retry-After` (API.md "Errors"). State lives in this process; behind a load balancer
 * each instance counts on its own, which still bounds an attacker's rate per instance.
 */
import { messages } from '../i18n/messages';
import { detailError } from './errors';

/** Rate of a {@link Throttle}: `limit` hits per `windowSeconds`. */
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

/** Counts hits per key and throws a 429 {@link ApiError} once a key is over its rate. */
export class Throttle {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private readonly rate: ThrottleRate,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one hit for `key`; throws 429 when the key is over its rate. */
  hit(key: string): void {
    const now = this.now();
    const windowMs = this.rate.windowSeconds * 1000;
    if (this.windows.size > 10_000) this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    if (window.hits > this.rate.limit) {
      const wait = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
      throw detailError(429, messages.throttled(wait), { 'retry-after': String(wait) });
    }
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= windowMs) this.windows.delete(key);
    }
  }
}
