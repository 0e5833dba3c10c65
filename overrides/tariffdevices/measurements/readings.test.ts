import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  consumptionSince,
  isPastDue,
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

describe('the measurements panel’s data (issue 13)', () => {
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
