import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  consumptionSince,
  inUnit,
  isPastDue,
  kwhInput,
  labelStep,
  labelledBuckets,
  parseKwh,
  periodOf,
  periodProblem,
  pragueToday,
  relativeTime,
} from './readings';

const at = (high: string, low: string) => ({
  id: 1,
  timestamp_received: '2025-01-01T00:00:00Z',
  obis_181: high,
  obis_182: low,
  obis_280: '0',
});

describe('the measurements panel’s data (docs/product.md)', () => {
  it('takes today in Prague, not in UTC', () => {
    expect(pragueToday(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
  });

  it('offers the last 30 days, this year, last year and a custom period', () => {
    const custom = { from: '2024-02-03', to: '2024-02-10' };
    expect(periodOf('last30', '2025-03-05', custom)).toEqual({
      from: '2025-02-04',
      to: '2025-03-05',
    });
    expect(periodOf('thisYear', '2025-03-05', custom)).toEqual({
      from: '2025-01-01',
      to: '2025-03-05',
    });
    expect(periodOf('lastYear', '2025-03-05', custom)).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(periodOf('custom', '2025-03-05', custom)).toBe(custom);
  });

  it('opens on the 30 days up to the newest reading, not on an empty last 30 days', () => {
    const custom = { from: '2024-02-03', to: '2024-02-10' };
    expect(periodOf('latest', '2026-11-28', custom, '2025-12-31')).toEqual({
      from: '2025-12-02',
      to: '2025-12-31',
    });
    // No reading, or one dated today: the last 30 days.
    expect(periodOf('latest', '2026-11-28', custom)).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
    });
    expect(periodOf('latest', '2026-11-28', custom, '2026-11-28')).toEqual(
      periodOf('last30', '2026-11-28', custom),
    );
  });

  it('bounds a period as the endpoint does', () => {
    expect(periodProblem({ from: '2025-01-01', to: '2025-12-31' }, 'day')).toBeNull();
    expect(periodProblem({ from: '2025-02-01', to: '2025-01-01' }, 'day')).toBe('invalid');
    expect(periodProblem({ from: '2025-02-30', to: '2025-03-01' }, 'day')).toBe('invalid');
    expect(periodProblem({ from: '2015-01-01', to: '2025-01-01' }, 'day')).toBe('tooLong');
    expect(periodProblem({ from: '2015-01-01', to: '2025-01-01' }, 'month')).toBeNull();
  });

  it('computes the consumption since the previous reading exactly, unknown after a meter exchange', () => {
    expect(consumptionSince(at('0.3', '0.1'), at('0.1', '0.1'))?.toString()).toBe('0.2');
    expect(consumptionSince(at('5', '5'), undefined)).toBeNull();
    expect(consumptionSince(at('2', '9'), at('5000', '1'))).toBeNull();
  });

  it('reads kWh typed with a decimal comma or spaces, refusing anything else', () => {
    expect(parseKwh('1 234,5')).toBe('1234.5');
    expect(parseKwh('1234.')).toBe('1234');
    expect(parseKwh('-1')).toBeNull();
    expect(parseKwh('1.2345')).toBeNull();
    expect(parseKwh('abc')).toBeNull();
  });

  it('reads kWh as the app’s language writes numbers, and writes the form’s start the same way', () => {
    expect(kwhInput('6611.360', 'cs')).toBe('6611,360');
    expect(kwhInput('6611.360', 'en')).toBe('6611.360');
    expect(parseKwh(kwhInput('6611.360', 'cs'), 'cs')).toBe('6611.360');
    expect(parseKwh('6 611,36', 'cs')).toBe('6611.36');
    expect(parseKwh('6611.36', 'cs')).toBe('6611.36');
    expect(parseKwh('6,611.36', 'en')).toBe('6611.36');
    expect(parseKwh('6611.36', 'en')).toBe('6611.36');
    // A comma is no decimal separator in English.
    expect(parseKwh('6611,36', 'en')).toBeNull();
  });

  it('converts kWh to MWh exactly', () => {
    expect(inUnit('6611.360', 'MWh').toString()).toBe('6.61136');
    expect(inUnit('0.001', 'MWh').toFixed(6)).toBe('0.000001');
    expect(inUnit('12.5', 'kWh').toString()).toBe('12.5');
    expect(
      chartSeries(
        [{ start: '2025-01-01', ht_kwh: '1500.000', lt_kwh: '500.000', production_kwh: null }],
        'MWh',
      ),
    ).toMatchObject({
      stackTop: [2],
      high: [1.5],
    });
  });

  it('labels the x axis so that no two labels overlap, whatever the period', () => {
    for (const [count, width, label] of [
      [30, 800, 40],
      [365, 800, 40],
      [365, 320, 90],
      [1100, 600, 60],
      [12, 320, 70],
      [7, 1200, 30],
    ] as const) {
      const step = labelStep(count, width, label);
      // The distance between two labelled buckets leaves room for the widest label.
      expect(step * (width / count)).toBeGreaterThanOrEqual(label + 12);
      const shown = labelledBuckets(count, step);
      expect(shown[0]).toBe(0);
      expect(shown.length * (label + 12)).toBeLessThanOrEqual(width + label + 12);
    }
    expect(labelStep(7, 1200, 30)).toBe(1);
  });

  it('stacks high over low and keeps unknown buckets as gaps', () => {
    const series = chartSeries([
      { start: '2025-01-01', ht_kwh: '0.1', lt_kwh: '0.2', production_kwh: null },
      { start: '2025-01-02', ht_kwh: null, lt_kwh: null, production_kwh: '3' },
    ]);
    expect(series.stackTop).toEqual([0.3, null]);
    expect(series.high).toEqual([0.1, null]);
    expect(series.production).toEqual([null, 3]);
  });

  it('marks a calibration date before today as past due', () => {
    expect(isPastDue('2025-03-04', '2025-03-05')).toBe(true);
    expect(isPastDue('2025-03-05', '2025-03-05')).toBe(false);
    expect(isPastDue(null, '2025-03-05')).toBe(false);
  });

  it('picks the largest unit for a relative time', () => {
    const now = new Date('2025-03-05T12:00:00Z');
    expect(relativeTime(new Date('2025-03-05T10:00:00Z'), now)).toEqual({
      value: -2,
      unit: 'hour',
    });
    expect(relativeTime(new Date('2025-03-05T11:59:30Z'), now)).toEqual({
      value: -30,
      unit: 'second',
    });
    expect(relativeTime(new Date('2025-01-01T12:00:00Z'), now)).toEqual({
      value: -2,
      unit: 'month',
    });
  });
});
