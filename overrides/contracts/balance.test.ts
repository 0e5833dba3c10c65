import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatCzk, runningBalances } from './balance';

const NBSP = /[\u00a0\u202f]/g;

describe('runningBalances', () => {
  it('sums in date then id order, exactly, a refund lowering the balance', () => {
    const { after, total } = runningBalances([
      { id: 3, ts: '2025-02-01', type: 'refund', amount: '0.30' },
      { id: 1, ts: '2025-01-01', type: 'advance', amount: '0.10' },
      { id: 2, ts: '2025-01-01', type: 'advance', amount: '0.20' },
      { id: 4, ts: '2025-03-01', type: 'penalty', amount: '-5.05' },
      { id: 5, ts: 'bad', type: 'advance', amount: 'x' },
    ]);
    expect(Object.fromEntries([...after].map(([id, value]) => [id, value.toFixed(2)]))).toEqual({
      '1': '0.10',
      '2': '0.30',
      '3': '0.00',
      '4': '-5.05',
    });
    expect(total.toFixed(2)).toBe('-5.05');
  });

  it('is zero without payments', () => {
    expect(runningBalances([]).total.toFixed(2)).toBe('0.00');
  });
});

describe('formatCzk', () => {
  it.each([
    ['cs', '1234567890.05', '1 234 567 890,05 Kč'],
    ['en', '1234567890.05', 'CZK 1,234,567,890.05'],
    ['cs', '-0.5', '-0,50 Kč'],
  ])('in %s writes %s as %s', (locale, amount, want) => {
    expect(formatCzk(new Decimal(amount), locale).replace(NBSP, ' ')).toBe(want);
  });

  it('keeps every digit of a large amount', () => {
    expect(formatCzk(new Decimal('99999999999999.99'), 'en').replace(NBSP, ' ')).toBe(
      'CZK 99,999,999,999,999.99',
    );
  });
});
