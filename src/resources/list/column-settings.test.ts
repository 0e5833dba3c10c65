import { describe, expect, it } from 'vitest';
import { descriptorsByName } from '../../generated/descriptors';
import { contracts } from '../test-support/fixtures';
import {
  columnsStorageKey,
  defaultColumnSettings,
  isDefaultColumns,
  moveColumn,
  parseColumnSettings,
  setColumnShown,
  visibleColumns,
} from './column-settings';

describe('column settings', () => {
  it('key by user and resource', () => {
    expect(columnsStorageKey(7, 'customers')).toBe('joule.columns.7.customers');
    expect(columnsStorageKey(null, 'customers')).toBe('joule.columns.anonymous.customers');
  });

  it('default to the descriptor’s columns, every other field offered but hidden', () => {
    const customers = descriptorsByName.customers!;
    const defaults = defaultColumnSettings(customers);
    expect(visibleColumns(defaults)).toEqual(customers.columns);
    // Title fields first (codegen), the rest offered after the shown ones, the id last.
    expect(defaults.order.slice(0, 4)).toEqual(customers.titleFields);
    expect(defaults.hidden).toContain('birth_date');
    expect(defaults.order.at(-1)).toBe('id');
    expect(new Set(defaults.order)).toEqual(new Set(customers.fields.map((f) => f.name)));
  });

  it('never show the id by default, in any resource; offer it last, hidden (docs/product.md)', () => {
    for (const descriptor of Object.values(descriptorsByName)) {
      const defaults = defaultColumnSettings(descriptor);
      expect(visibleColumns(defaults)).not.toContain(descriptor.idField);
      expect(defaults.order.at(-1)).toBe(descriptor.idField);
    }
    // Even a descriptor (e.g. from an older codegen) listing the id first.
    const payments = descriptorsByName.payments!;
    expect(payments.fields.some((field) => field.name === 'id')).toBe(true);
    const legacy = { ...payments, columns: ['id', ...payments.columns] };
    expect(visibleColumns(defaultColumnSettings(legacy))).toEqual(payments.columns);
  });

  it('show the tariff table in a screen: the declared columns, the other prices offered', () => {
    const tariffs = descriptorsByName.tariffs!;
    const defaults = defaultColumnSettings(tariffs);
    expect(visibleColumns(defaults)).toEqual([
      'code',
      'product',
      'valid_from',
      'valid_to',
      'price',
      'trade_monthly_pay',
      'distribution_per_mwh_ht',
    ]);
    expect(defaults.hidden).toContain('distribution_per_mwh_lt');
    expect(defaults.hidden).toContain('electricity_tax_per_mw');
  });

  it('hide long text and nested fields by default', () => {
    for (const descriptor of Object.values(descriptorsByName)) {
      const shown = visibleColumns(defaultColumnSettings(descriptor));
      const kinds = shown.map((name) => descriptor.fields.find((f) => f.name === name)?.kind);
      expect(kinds).not.toContain('text');
      expect(kinds).not.toContain('object');
    }
  });

  it('show, hide and move, never hiding the last column', () => {
    let s = defaultColumnSettings(contracts);
    s = setColumnShown(s, 'price', false);
    expect(visibleColumns(s)).not.toContain('price');
    s = moveColumn(s, 'state', -2);
    expect(visibleColumns(s).slice(0, 3)).toEqual(['state', 'contract_no', 'customer']);
    expect(moveColumn(s, 'state', -1)).toBe(s);
    expect(isDefaultColumns(s, contracts)).toBe(false);
    for (const name of s.order) s = setColumnShown(s, name, false);
    expect(visibleColumns(s)).toHaveLength(1);
    s = setColumnShown(s, 'id', true);
    expect(visibleColumns(s)).toContain('id');
  });

  it('read stored settings against the descriptor', () => {
    const stored = JSON.stringify({
      order: ['price', 'gone', 'contract_no'],
      hidden: ['contract_no', 'gone'],
    });
    const s = parseColumnSettings(stored, contracts);
    // Unknown names dropped; fields the stored value lacks appended with their defaults.
    expect(s.order.slice(0, 3)).toEqual(['price', 'contract_no', 'customer']);
    expect(visibleColumns(s)).toEqual([
      'price',
      'customer',
      'state',
      'valid_from',
      'is_active',
      'products',
    ]);
    expect(s.hidden).toEqual(['contract_no', 'created', 'id']);
    expect(parseColumnSettings('{not json', contracts)).toEqual(defaultColumnSettings(contracts));
    expect(parseColumnSettings('{"order": 1}', contracts)).toEqual(
      defaultColumnSettings(contracts),
    );
  });
});
