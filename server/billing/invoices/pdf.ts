/**
 * An invoice as a PDF (issue #15 "Invoices": "Download PDF renders a Czech or English
 * invoice with the supplier's details from the global settings"), rendered on the server
 * with pdfmake and its bundled Roboto (which has the Czech letters). The document's title
 * metadata carries the invoice number in plain text (`Faktura 2026000001`), its author the
 * supplier's name from the global settings.
 */
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { LINE_LABELS, type LineKind } from '../calculate';
import type { SupplierSettings } from '../settings';
import type { Lang, Text } from '../../i18n/text';

const require = createRequire(import.meta.url);
const fonts = require('pdfmake/fonts/Roboto.js') as Parameters<typeof pdfmake.setFonts>[0];
pdfmake.setFonts(fonts);
// No remote or local file is ever read for an invoice but the fonts above.
const fontFiles = new Set(Object.values(fonts).flatMap((font) => Object.values(font)));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => fontFiles.has(path));

/** What the PDF shows of an invoice (amounts as decimal strings in CZK). */
export interface InvoiceDocument {
  readonly number: string | null;
  readonly state: string;
  readonly contract_no: string;
  readonly customer_name: string;
  readonly customer_no: string;
  readonly period_from: string;
  readonly period_to: string;
  readonly issue_date: string;
  readonly taxable_supply_date: string;
  readonly due_date: string;
  readonly variable_symbol: string;
  readonly base: string;
  readonly vat_rate: string;
  readonly vat: string;
  readonly production: string;
  readonly total: string;
  readonly advances: string;
  readonly amount_due: string;
  readonly lines: readonly {
    readonly ean: string | null;
    readonly segment_from: string | null;
    readonly segment_to: string | null;
    readonly kind: string;
    readonly quantity: string;
    readonly unit: string;
    readonly unit_price: string;
    readonly amount: string;
  }[];
}

const T = {
  invoice: { en: 'Invoice', cs: 'Faktura' },
  draft: { en: 'DRAFT — not issued', cs: 'KONCEPT — nevystaveno' },
  cancelled: { en: 'CANCELLED', cs: 'STORNOVÁNO' },
  supplier: { en: 'Supplier', cs: 'Dodavatel' },
  customer: { en: 'Customer', cs: 'Odběratel' },
  ico: { en: 'Company ID', cs: 'IČO' },
  dic: { en: 'VAT ID', cs: 'DIČ' },
  bank: { en: 'Bank account', cs: 'Bankovní účet' },
  contract: { en: 'Contract', cs: 'Smlouva' },
  period: { en: 'Billing period', cs: 'Zúčtovací období' },
  issue: { en: 'Issue date', cs: 'Datum vystavení' },
  taxable: { en: 'Taxable supply date', cs: 'DUZP' },
  due: { en: 'Due date', cs: 'Datum splatnosti' },
  vs: { en: 'Variable symbol', cs: 'Variabilní symbol' },
  point: { en: 'Point (EAN)', cs: 'Odběrné místo (EAN)' },
  segment: { en: 'Segment', cs: 'Úsek' },
  item: { en: 'Item', cs: 'Položka' },
  quantity: { en: 'Quantity', cs: 'Množství' },
  price: { en: 'Unit price', cs: 'Jedn. cena' },
  amount: { en: 'Amount (CZK)', cs: 'Částka (Kč)' },
  base: { en: 'Base without VAT', cs: 'Základ bez DPH' },
  vat: { en: 'VAT', cs: 'DPH' },
  production: { en: 'Production bought', cs: 'Výkup výroby' },
  total: { en: 'Total', cs: 'Celkem' },
  advances: { en: 'Advances paid', cs: 'Uhrazené zálohy' },
  due_amount: { en: 'Amount due', cs: 'K úhradě' },
  refund: { en: 'Refund', cs: 'Přeplatek' },
} satisfies Record<string, Text>;

/** `value` (decimal string) as the language writes numbers: `1 234,50` / `1,234.50`. */
export function formatNumber(value: string, lang: Lang): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'cs' ? '\u00a0' : ',');
  const text =
    fraction !== undefined ? `${grouped}${lang === 'cs' ? ',' : '.'}${fraction}` : grouped;
  return negative ? `−${text}` : text;
}

/** `YYYY-MM-DD` as `5. 3. 2026` (cs) or `2026-03-05` (en). */
function formatDate(value: string, lang: Lang): string {
  if (lang === 'en') return value;
  const [y, m, d] = value.split('-').map(Number);
  return `${d}. ${m}. ${y}`;
}

/** The pdfmake document of `invoice` in `lang`. */
export function invoiceDefinition(
  invoice: InvoiceDocument,
  supplier: SupplierSettings,
  lang: Lang,
): TDocumentDefinitions {
  const t = (entry: Text) => entry[lang];
  const n = (value: string) => formatNumber(value, lang);
  const d = (value: string) => formatDate(value, lang);
  const title = `${t(T.invoice)} ${invoice.number ?? ''}`.trim();
  const party = (heading: string, lines: string[]): Content => ({
    stack: [
      { text: heading, style: 'label' },
      ...lines.filter(Boolean).map((line) => ({ text: line })),
    ],
  });
  const due = invoice.amount_due.startsWith('-') ? T.refund : T.due_amount;
  const label = (kind: string) => LINE_LABELS[kind as LineKind]?.[lang] ?? kind;
  return {
    info: {
      title,
      subject: `${t(T.contract)} ${invoice.contract_no}`,
      author: supplier.supplier_name || undefined,
      creator: 'Joule',
    },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true },
      label: { bold: true, margin: [0, 0, 0, 2] },
      head: { bold: true, fillColor: '#eeeeee' },
    },
    content: [
      { text: title, style: 'title' },
      invoice.state === 'draft' ? { text: t(T.draft), color: '#b00' } : '',
      invoice.state === 'cancelled' ? { text: t(T.cancelled), color: '#b00' } : '',
      {
        columns: [
          party(t(T.supplier), [
            supplier.supplier_name,
            ...supplier.address.split('\n'),
            supplier.ico && `${t(T.ico)}: ${supplier.ico}`,
            supplier.dic && `${t(T.dic)}: ${supplier.dic}`,
            supplier.bank_account && `${t(T.bank)}: ${supplier.bank_account}`,
          ]),
          party(t(T.customer), [invoice.customer_name, invoice.customer_no]),
        ],
        margin: [0, 12, 0, 12],
      },
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [t(T.contract), invoice.contract_no],
            [t(T.period), `${d(invoice.period_from)} – ${d(invoice.taxable_supply_date)}`],
            [t(T.issue), d(invoice.issue_date)],
            [t(T.taxable), d(invoice.taxable_supply_date)],
            [t(T.due), d(invoice.due_date)],
            [t(T.vs), invoice.variable_symbol],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 12],
      },
      {
        table: {
          headerRows: 1,
          widths: ['auto', 'auto', '*', 'auto', 'auto', 'auto'],
          body: [
            [t(T.point), t(T.segment), t(T.item), t(T.quantity), t(T.price), t(T.amount)].map(
              (text) => ({ text, style: 'head' }),
            ),
            ...invoice.lines.map((line) => [
              line.ean ?? '',
              line.segment_from && line.segment_to
                ? `${d(line.segment_from)} – ${d(line.segment_to)}`
                : '',
              label(line.kind),
              { text: `${n(line.quantity)} ${line.unit}`, alignment: 'right' as const },
              { text: n(line.unit_price), alignment: 'right' as const },
              { text: n(line.amount), alignment: 'right' as const },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [t(T.base), n(invoice.base)],
            [`${t(T.vat)} ${n(invoice.vat_rate)} %`, n(invoice.vat)],
            [t(T.production), n(invoice.production)],
            [
              { text: t(T.total), bold: true },
              { text: n(invoice.total), bold: true },
            ],
            [t(T.advances), n(invoice.advances)],
            [
              { text: t(due), bold: true },
              { text: `${n(invoice.amount_due.replace(/^-/, ''))} Kč`, bold: true },
            ],
          ].map(([a, b]) => [
            a!,
            typeof b === 'string' ? { text: b, alignment: 'right' } : { ...b!, alignment: 'right' },
          ]),
        },
        layout: 'noBorders',
        margin: [250, 12, 0, 0],
      },
    ],
  };
}

/** Renders `invoice` in `lang` as PDF bytes. */
export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  supplier: SupplierSettings,
  lang: Lang,
): Promise<Buffer> {
  return pdfmake.createPdf(invoiceDefinition(invoice, supplier, lang)).getBuffer();
}
