/**
 * The invoice PDF's content (docs/billing.md "Invoices", "Payment data"): what
 * `invoiceDefinition` lays out for a tax document, read as text, in both languages, and
 * the QR payment code's value as pdfmake gets it.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import type { InvoiceDocument } from './document';
import { formatNumber, formatPeriod, invoiceDefinition, type InvoiceState } from './pdf';
import { spayd } from './payment-data';

const SPAYD = spayd({
  iban: 'CZ6508000000192000145399',
  amount: '404.54',
  variableSymbol: '202300007',
  dueDate: '2026-02-17',
});

const DOC: InvoiceDocument = {
  version: 1,
  language: 'cs',
  number: '2026000042',
  contract_no: 'S-2023-00007',
  customer_no: 'Z-0007',
  supplier: {
    name: 'Joule Energie s.r.o.',
    address: ['Vinohradská 1', '120 00 Praha 2'],
    ico: '27082440',
    dic: 'CZ27082440',
    bank_account: '19-2000145399/0800',
    iban: 'CZ6508000000192000145399',
  },
  customer: {
    name: 'Eva Nováková',
    address: ['Dlouhá 5', '602 00 Brno'],
    ico: '',
    dic: '',
    email: 'eva@example.cz',
  },
  points: [{ ean: '859182400000000001', address: 'Krátká 1, 602 00 Brno' }],
  period_from: '2025-10-01',
  period_last: '2025-12-31',
  issue_date: '2026-01-03',
  taxable_supply_date: '2025-12-31',
  due_date: '2026-01-17',
  lines: [
    {
      ean: '859182400000000001',
      first: '2025-10-01',
      last: '2025-12-31',
      kind: 'energy_ht',
      quantity: '0.310000',
      unit: 'MWh',
      unit_price: '2000.000000',
      amount: '620.00',
    },
    {
      ean: '859182400000000001',
      first: '2025-10-01',
      last: '2025-12-31',
      kind: 'main_fuse',
      quantity: '75.000000',
      unit: 'A·month',
      unit_price: '10.333333',
      amount: '775.00',
    },
    {
      ean: '859182400000000001',
      first: '2025-10-01',
      last: '2025-12-31',
      kind: 'supplier_monthly_fee',
      quantity: '3.000000',
      unit: 'month',
      unit_price: '100.000000',
      amount: '300.00',
    },
  ],
  base: '1574.00',
  vat_rate: '21.00',
  vat: '330.54',
  production: '0.00',
  total: '1904.54',
  advances: '1500.00',
  amount_due: '404.54',
  payment: { variable_symbol: '202300007', spayd: SPAYD },
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

/** Every QR code of the document (their values). */
function qrCodes(content: unknown): string[] {
  if (Array.isArray(content)) return content.flatMap(qrCodes);
  if (content && typeof content === 'object') {
    const node = content as Record<string, unknown>;
    if (typeof node.qr === 'string') return [node.qr];
    return Object.values(node).flatMap(qrCodes);
  }
  return [];
}

const shown = (doc: InvoiceDocument, lang: 'cs' | 'en', state: InvoiceState = 'issued') => {
  const definition = invoiceDefinition(doc, state, lang);
  return {
    info: definition.info,
    all: texts(definition.content as Content),
    qr: qrCodes(definition.content),
  };
};

describe('the invoice PDF', () => {
  it('is a Czech tax document: both parties, dates, lines with units, VAT summary, payment data', () => {
    const { info, all } = shown(DOC, 'cs');
    expect(info).toMatchObject({ title: 'Faktura 2026000042', author: 'Joule Energie s.r.o.' });
    expect(all).toEqual(
      expect.arrayContaining([
        'Faktura – daňový doklad 2026000042',
        'Dodavatel',
        'Joule Energie s.r.o.',
        'Vinohradská 1',
        '120 00 Praha 2',
        'IČO: 27082440',
        'DIČ: CZ27082440',
        'Odběratel',
        'Eva Nováková',
        'Dlouhá 5',
        '602 00 Brno',
        'Zákaznické číslo: Z-0007',
        'Číslo faktury',
        '2026000042',
        'Zúčtovací období',
        '1. 10. – 31. 12. 2025',
        'Datum vystavení',
        '3. 1. 2026',
        'Datum uskutečnění zdanitelného plnění',
        '31. 12. 2025',
        'Datum splatnosti',
        '17. 1. 2026',
        'Bankovní účet',
        '19-2000145399/0800',
        'CZ65 0800 0000 1920 0014 5399',
        'Variabilní symbol',
        '202300007',
        'Silová elektřina, VT',
        '0,310 MWh',
        '2\u00a0000,00 Kč/MWh',
        '620,00',
        'Hlavní jistič',
        '75,000 A·měs.',
        '10,33 Kč/A·měs.',
        '3,000 měs.',
        '100,00 Kč/měs.',
        'Rekapitulace DPH',
        '21,00 %',
        '1\u00a0574,00',
        '330,54',
        '1\u00a0904,54',
        'Uhrazené zálohy',
        '1\u00a0500,00',
        'K úhradě',
        '404,54 Kč',
        'QR Platba',
      ]),
    );
    // No English unit and no six-decimal price in the Czech document.
    expect(all.join('\n')).not.toMatch(/month|2000\.000000|10,333333/);
  });

  it('is the same document in English', () => {
    const { info, all } = shown(DOC, 'en');
    expect(info).toMatchObject({ title: 'Invoice 2026000042' });
    expect(all).toEqual(
      expect.arrayContaining([
        'Invoice – tax document 2026000042',
        'Supplier',
        'Company ID (IČO): 27082440',
        'VAT ID (DIČ): CZ27082440',
        'Taxable supply date',
        '31 Dec 2025',
        '1 Oct – 31 Dec 2025',
        'Energy, high tariff',
        '0.310 MWh',
        '2,000.00 CZK/MWh',
        '75.000 A·month',
        'Amount due',
        '404.54 CZK',
        'QR payment',
      ]),
    );
    expect(all).not.toContain('Dodavatel');
  });

  it('carries the SPAYD payment of the amount due to the IBAN with the variable symbol', () => {
    expect(shown(DOC, 'cs').qr).toEqual([
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:404.54*CC:CZK*X-VS:202300007*DT:20260217',
    ]);
  });

  it('has no QR code when nothing is due, for a draft or a cancelled invoice', () => {
    const refund = { ...DOC, amount_due: '-95.46', payment: { ...DOC.payment, spayd: null } };
    const shownRefund = shown(refund, 'cs');
    expect(shownRefund.qr).toEqual([]);
    expect(shownRefund.all).toEqual(expect.arrayContaining(['Přeplatek k vrácení', '95,46 Kč']));
    expect(shown(DOC, 'cs', 'draft').qr).toEqual([]);
    expect(shown(DOC, 'cs', 'cancelled').qr).toEqual([]);
  });

  it('leaves out the details not filled in, and shows IČO and DIČ of a company customer', () => {
    const empty = { ...DOC.supplier, name: '', ico: '', dic: '' };
    const company = {
      ...DOC.customer,
      name: 'Pekárna Novák s.r.o.',
      ico: '25596641',
      dic: 'CZ25596641',
    };
    const { info, all } = shown({ ...DOC, supplier: empty, customer: company }, 'en');
    expect(all.filter((line) => line.startsWith('Company ID'))).toEqual([
      'Company ID (IČO): 25596641',
    ]);
    expect(all).toContain('VAT ID (DIČ): CZ25596641');
    expect(info?.author).toBeUndefined();
  });

  it('marks a draft and a cancelled invoice', () => {
    expect(shown({ ...DOC, number: null }, 'cs', 'draft').all).toContain(
      'KONCEPT — nevystaveno, není daňovým dokladem',
    );
    expect(shown(DOC, 'en', 'cancelled').all).toContain('CANCELLED');
  });

  it('writes numbers and inclusive periods as each language does', () => {
    expect(formatNumber('1234567.5', 'cs')).toBe('1\u00a0234\u00a0567,5');
    expect(formatNumber('-1234.50', 'en')).toBe('−1,234.50');
    expect(formatPeriod('2025-10-01', '2025-12-31', 'cs')).toBe('1. 10. – 31. 12. 2025');
    expect(formatPeriod('2025-12-01', '2026-01-31', 'cs')).toBe('1. 12. 2025 – 31. 1. 2026');
    expect(formatPeriod('2025-10-01', '2025-12-31', 'en')).toBe('1 Oct – 31 Dec 2025');
  });
});
