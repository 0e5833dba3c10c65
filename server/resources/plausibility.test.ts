import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  JUMP_FACTOR,
  fuseBoundKwh,
  fuseOn,
  historyBoundKwh,
  implausibility,
  median,
  medianDailyKwh,
  reasonText,
} from './plausibility';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
/** A reading `days` after T0 with HT `high` and LT `low` kWh. */
const at = (days: number, high: number, low = 0) => ({ at: T0 + days * DAY, high, low });

describe('the plausibility rule (docs/billing.md "Readings to check")', () => {
  it('takes the median of an odd and an even count, and of nothing', () => {
    expect(median(['3', '1', '2'])?.toString()).toBe('2');
    expect(median([4, 1, 3, 2])?.toString()).toBe('2.5');
    expect(median([])).toBeNull();
  });

  it('takes the median daily consumption (HT + LT) of the intervals between readings', () => {
    // 10, 10, 40 kWh/day (the last over two days: 20/day), one exchange (down) left out.
    const readings = [at(0, 100, 50), at(1, 105, 55), at(2, 110, 60), at(4, 140, 70), at(5, 1, 1)];
    expect(medianDailyKwh(readings)?.toString()).toBe('10');
    // Fewer than three intervals, or a meter that used nothing: no history.
    expect(medianDailyKwh(readings.slice(0, 3))).toBeNull();
    expect(medianDailyKwh([at(0, 5), at(1, 5), at(2, 5), at(3, 5)])).toBeNull();
  });

  it('bounds by 10 × the median × the days, at least one day', () => {
    expect(historyBoundKwh(12, 30).toString()).toBe('3600');
    expect(historyBoundKwh(12, 1 / 24).toString()).toBe(String(JUMP_FACTOR * 12));
  });

  it('bounds by what the main fuse carries: I × 230 V × phases × hours', () => {
    // 3 × 25 A for a day: 25 × 230 × 3 × 24 / 1000 = 414 kWh.
    expect(fuseBoundKwh({ amps: 25, phases: 3 }, 24).toString()).toBe('414');
    expect(fuseBoundKwh({ amps: 16, phases: 1 }, 0.5).toString()).toBe('1.84');
  });

  it('flags a jump over the history, over the fuse, or both, and nothing else', () => {
    const history = { medianDailyKwh: new Decimal(13), fuse: { amps: 25, phases: 3 } };
    const previous = at(0, 6611, 0);
    // A month at the usual rate: plausible.
    expect(implausibility(previous, at(30, 6611 + 13 * 30), history)).toEqual([]);
    // 10× the median over 30 days is 3,900 kWh; the fuse allows 12,420 kWh.
    expect(
      implausibility(previous, at(30, 6611 + 4000), history).map((reason) => reason.rule),
    ).toEqual(['history']);
    // The jump: 6,611 → 90,010 kWh in a month.
    const jump = implausibility(previous, at(30, 90_010), history);
    expect(jump.map((reason) => [reason.rule, reason.bound.toString()])).toEqual([
      ['history', '3900'],
      ['fuse', '12420'],
    ]);
    // Without a history the fuse alone judges; without either, nothing does.
    expect(
      implausibility(previous, at(30, 90_010), { medianDailyKwh: null, fuse: history.fuse }).map(
        (reason) => reason.rule,
      ),
    ).toEqual(['fuse']);
    expect(implausibility(previous, at(30, 90_010), { medianDailyKwh: null, fuse: null })).toEqual(
      [],
    );
    // No previous reading, or a register that went down: not judged here.
    expect(implausibility(undefined, at(30, 90_010), history)).toEqual([]);
    expect(implausibility(previous, at(30, 1), history)).toEqual([]);
  });

  it('says why in both languages, numbers as each writes them', () => {
    const [reason] = implausibility(at(0, 6611), at(30, 90_010), {
      medianDailyKwh: 13,
      fuse: null,
    });
    expect(reasonText(reason!)).toEqual({
      en: "To check: 83,399.000 kWh since the previous reading is more than 10× this meter's median daily consumption over the last year allows (3,900.000 kWh).",
      cs: 'Ke kontrole: 83\u00a0399,000 kWh od předchozího odečtu je víc, než dovoluje 10× medián denní spotřeby tohoto elektroměru za poslední rok (3\u00a0900,000 kWh).',
    });
  });

  it('takes the fuse of the specification in force on the day', () => {
    const spans = [
      { from: '2025-01-01', to: '2025-06-30', fuse: { amps: 25, phases: 3 } },
      { from: '2025-07-01', to: null, fuse: { amps: 16, phases: 1 } },
    ];
    expect(fuseOn(spans, '2025-06-30')).toEqual({ amps: 25, phases: 3 });
    expect(fuseOn(spans, '2026-01-01')).toEqual({ amps: 16, phases: 1 });
    expect(fuseOn(spans, '2024-12-31')).toBeNull();
    expect(fuseOn(undefined, '2025-01-01')).toBeNull();
  });
});
