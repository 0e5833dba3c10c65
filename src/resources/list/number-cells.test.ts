import { describe, expect, it } from 'vitest';
import type { FieldDescriptor } from '../descriptor';
import { columnHeader, unitText } from './column-header';
import { columnClass } from './columns';

const field = (extra: Partial<FieldDescriptor>): FieldDescriptor => ({
  name: 'amount',
  kind: 'decimal',
  label: 'x',
  required: false,
  readOnly: false,
  nullable: false,
  ...extra,
});

describe('number cells (docs/product.md)', () => {
  it('right-aligns numbers, not references or text', () => {
    expect(columnClass({ field: field({}) })).toBe('joule-cell-number');
    expect(columnClass({ field: field({ kind: 'integer' }) })).toBe('joule-cell-number');
    expect(columnClass({ field: field({ kind: 'reference', reference: 'x' }) })).toBeUndefined();
    expect(columnClass({ field: field({ kind: 'string' }) })).toBeUndefined();
    expect(columnClass({ field: field({ kind: 'boolean' }) })).toBe('joule-cell-boolean');
  });

  const catalogue: Record<string, string> = {
    x: 'Celkem',
    'x.unit': 'Kč/MWh',
    custom: 'Jméno',
  };
  const message = (id: string, fallback: string) => catalogue[id] ?? fallback;

  it('names the unit once, in the header, in the UI language', () => {
    const priced = field({ unit: 'CZK/MWh', unitLabel: 'x.unit' });
    expect(unitText(priced, message)).toBe('Kč/MWh');
    expect(columnHeader(priced, message)).toBe('Celkem (Kč/MWh)');
    // Without a message, the API's code; without a unit (plain DRF), the label alone.
    expect(columnHeader(field({ unit: 'kWh' }), message)).toBe('Celkem (kWh)');
    expect(columnHeader(field({}), message)).toBe('Celkem');
    expect(unitText(field({}), message)).toBeUndefined();
  });

  it("leaves the unit to a column an override formats, under the override's header", () => {
    const priced = field({ unit: 'A', unitLabel: 'x.unit' });
    expect(columnHeader(priced, message, { format: () => '' })).toBe('Celkem');
    expect(columnHeader(priced, message, { header: 'custom', format: () => '' })).toBe('Jméno');
  });
});
