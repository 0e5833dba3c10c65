import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshTimer } from './refresh-timer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createRefreshTimer', () => {
  it('checks every interval while running, and not after stop', async () => {
    const check = vi.fn();
    const timer = createRefreshTimer(check, 3_000);
    timer.start();
    expect(timer.running).toBe(true);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(check).toHaveBeenCalledTimes(3);
    timer.stop();
    expect(timer.running).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('restarting does not double the checks', async () => {
    const check = vi.fn();
    const timer = createRefreshTimer(check, 3_000);
    timer.start();
    timer.start();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(check).toHaveBeenCalledTimes(3);
    timer.stop();
  });

  it('does not overlap a slow check', async () => {
    let release: () => void = () => {};
    const check = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const timer = createRefreshTimer(check, 3_000);
    timer.start();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(check).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(check).toHaveBeenCalledTimes(2);
    timer.stop();
  });

  it('survives a failing check', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const check = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const timer = createRefreshTimer(check, 3_000);
    timer.start();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalled();
    timer.stop();
    error.mockRestore();
  });
});
