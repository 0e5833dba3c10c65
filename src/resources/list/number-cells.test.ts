import { describe, expect, it } from 'vitest';
import type { FieldDescriptor } from '../descriptor';
import { columnClass, withUnit } from './columns';

const field = (extra: Partial<FieldDescriptor>): FieldDescriptor => ({
  name: 'amount',
  kind: 'decimal',
  label: 'x',
  required: false,
  readOnly: false,
  nullable: false,
  ...extra,
});

describe('number cells (issue #17)', () => {
  it('right-aligns numbers, not references or text', () => {
    expect(columnClass({ field: field({}) })).toBe('joule-cell-number');
    expect(columnClass({ field: field({ kind: 'integer' }) })).toBe('joule-cell-number');
    expect(columnClass({ field: field({ kind: 'reference', reference: 'x' }) })).toBeUndefined();
    expect(columnClass({ field: field({ kind: 'string' }) })).toBeUndefined();
    expect(columnClass({ field: field({ kind: 'boolean' }) })).toBe('joule-cell-boolean');
  });

  it('writes the unit after the number on one line, and nothing after a blank', () => {
    expect(withUnit('1 234,50', 'CZK')).toBe('1 234,50\u00a0CZK');
    expect(withUnit('', 'CZK')).toBe('');
    expect(withUnit('12', undefined)).toBe('12');
  });
});
