/** A restartable interval for the token check (docs/product.md §4 "a check every 3 seconds"). */

export interface RefreshTimer {
  /** Starts checking (restarts when already running). */
  start(): void;
  /** Stops checking; safe to call when stopped. */
  stop(): void;
  readonly running: boolean;
}

/**
 * Calls `check` every `intervalMs` while started. A check that is still running when the
 * next tick comes is not started twice.
 */
export function createRefreshTimer(
  check: () => Promise<void> | void,
  intervalMs: number,
): RefreshTimer {
  let handle: ReturnType<typeof setInterval> | null = null;
  let busy = false;

  async function tick(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      await check();
    } catch (error) {
      console.error('Token check failed', error);
    } finally {
      busy = false;
    }
  }

  return {
    start() {
      if (handle !== null) clearInterval(handle);
      handle = setInterval(() => void tick(), intervalMs);
    },
    stop() {
      if (handle !== null) clearInterval(handle);
      handle = null;
    },
    get running() {
      return handle !== null;
    },
  };
}
