import { describe, expect, it } from 'vitest';
import { dateText, decimalText } from './format';

describe('numbers and dates in messages (docs/product.md)', () => {
  it.each([
    ['20983.040', '20,983.040', '20\u00a0983,040'],
    ['1000', '1,000', '1\u00a0000'],
    ['-0.5', '-0.5', '-0,5'],
    ['12345678901234.123', '12,345,678,901,234.123', '12\u00a0345\u00a0678\u00a0901\u00a0234,123'],
    ['n/a', 'n/a', 'n/a'],
  ])('%s → en %s, cs %s', (value, en, cs) => {
    expect(decimalText(value)).toEqual({ en, cs });
  });

  it.each([
    ['2025-12-31', '12/31/2025', '31. 12. 2025'],
    ['2024-01-01', '1/1/2024', '1. 1. 2024'],
    ['soon', 'soon', 'soon'],
  ])('%s → en %s, cs %s', (value, en, cs) => {
    expect(dateText(value)).toEqual({ en, cs });
  });
});
