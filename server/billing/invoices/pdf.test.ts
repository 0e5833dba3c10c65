/**
 * The invoice PDF's content (issue #15 "Invoices": a Czech or English invoice with the
 * supplier's details from the global settings): what `invoiceDefinition` lays out, read as
 * text, for both languages.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import type { SupplierSettings } from '../settings';
import { formatNumber, invoiceDefinition, type InvoiceDocument } from './pdf';

const SUPPLIER: SupplierSettings = {
  supplier_name: 'Joule Energie s.r.o.',
  ico: '27082440',
  dic: 'CZ27082440',
  address: 'Vinohradská 1\n120 00 Praha 2',
  bank_account: '123456789/0100',
};

const INVOICE: InvoiceDocument = {
  number: '2026000042',
  state: 'issued',
  contract_no: 'SML-7',
  customer_name: 'Eva Nováková',
  customer_no: 'Z-0007',
  period_from: '2026-01-01',
  period_to: '2026-02-01',
  issue_date: '2026-02-03',
  taxable_supply_date: '2026-01-31',
  due_date: '2026-02-17',
  variable_symbol: '1234567890',
  base: '1574.00',
  vat_rate: '21.00',
  vat: '330.54',
  production: '0.00',
  total: '1904.54',
  advances: '1500.00',
  amount_due: '404.54',
  lines: [
    {
      ean: '859182400000000001',
      segment_from: '2026-01-01',
      segment_to: '2026-02-01',
      kind: 'energy_ht',
      quantity: '0.310000',
      unit: 'MWh',
      unit_price: '2000.000000',
      amount: '620.00',
    },
  ],
};

/** Every string the document shows, in order. */
function texts(content: unknown): string[] {
  if (typeof content === 'string') return content ? [content] : [];
  if (Array.isArray(content)) return content.flatMap(texts);
  if (content && typeof content === 'object') {
    const node = content as Record<string, unknown>;
    if ('text' in node) return texts(node.text);
    if ('stack' in node) return texts(node.stack);
    if ('columns' in node) return texts(node.columns);
    if ('table' in node) return texts((node.table as { body: unknown }).body);
  }
  return [];
}

const shown = (invoice: InvoiceDocument, supplier: SupplierSettings, lang: 'cs' | 'en') => {
  const definition = invoiceDefinition(invoice, supplier, lang);
  return { info: definition.info, all: texts(definition.content as Content) };
};

describe('the invoice PDF', () => {
  it("shows the supplier's details from the global settings, in Czech", () => {
    const { info, all } = shown(INVOICE, SUPPLIER, 'cs');
    expect(info).toMatchObject({ title: 'Faktura 2026000042', author: 'Joule Energie s.r.o.' });
    expect(all).toEqual(
      expect.arrayContaining([
        'Dodavatel',
        'Joule Energie s.r.o.',
        'Vinohradská 1',
        '120 00 Praha 2',
        'IČO: 27082440',
        'DIČ: CZ27082440',
        'Bankovní účet: 123456789/0100',
        'Odběratel',
        'Eva Nováková',
        'Z-0007',
        'Variabilní symbol',
        '1234567890',
        'DUZP',
        '31. 1. 2026',
        'Datum splatnosti',
        '17. 2. 2026',
        'Silová elektřina, VT',
        '620,00',
        'Základ bez DPH',
        '1\u00a0574,00',
        'DPH 21,00 %',
        'K úhradě',
        '404,54 Kč',
      ]),
    );
  });

  it('in English, with English labels, dates and numbers', () => {
    const { info, all } = shown(INVOICE, SUPPLIER, 'en');
    expect(info).toMatchObject({ title: 'Invoice 2026000042', author: 'Joule Energie s.r.o.' });
    expect(all).toEqual(
      expect.arrayContaining([
        'Supplier',
        'Company ID: 27082440',
        'VAT ID: CZ27082440',
        'Bank account: 123456789/0100',
        'Taxable supply date',
        '2026-01-31',
        'Energy, high tariff',
        'Base without VAT',
        '1,574.00',
        'Amount due',
      ]),
    );
    expect(all).not.toContain('Dodavatel');
  });

  it('leaves out the details not filled in, and calls a negative amount due a refund', () => {
    const empty = { ...SUPPLIER, ico: '', dic: '', bank_account: '' };
    const { info, all } = shown({ ...INVOICE, amount_due: '-95.46' }, empty, 'en');
    expect(all.some((line) => line.startsWith('Company ID'))).toBe(false);
    expect(all.some((line) => line.startsWith('Bank account'))).toBe(false);
    expect(all).toEqual(expect.arrayContaining(['Refund', '95.46 Kč']));
    expect(shown(INVOICE, { ...SUPPLIER, supplier_name: '' }, 'en').info?.author).toBeUndefined();
    expect(info?.author).toBe('Joule Energie s.r.o.');
  });

  it('marks a draft and a cancelled invoice', () => {
    expect(shown({ ...INVOICE, state: 'draft', number: null }, SUPPLIER, 'cs').all).toContain(
      'KONCEPT — nevystaveno',
    );
    expect(shown({ ...INVOICE, state: 'cancelled' }, SUPPLIER, 'en').all).toContain('CANCELLED');
  });

  it('writes numbers as each language does', () => {
    expect(formatNumber('1234567.5', 'cs')).toBe('1\u00a0234\u00a0567,5');
    expect(formatNumber('-1234.50', 'en')).toBe('−1,234.50');
  });
});
