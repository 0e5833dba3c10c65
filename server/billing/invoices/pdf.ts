/**
 * An invoice as a PDF tax document (docs/billing.md "Invoices"), in Czech or English, with
 * what the Czech VAT Act (No. 235/2004 Coll., §29) asks of one: both parties with their
 * addresses, IČO and DIČ, the number, issue and taxable supply dates, each line's
 * description, inclusive period, quantity with its unit, unit price and amount, the VAT
 * base, rate and VAT per rate, the total; then the advances, the amount due (or refund) and
 * the payment data with a QR payment code (docs/billing.md "Payment data"). It draws an
 * {@link InvoiceDocument} alone: a draft's read now, an issued invoice's frozen at issue.
 * Rendered on the server by pdfmake with its bundled Roboto (`server/pdf.ts`);
 * the title metadata carries the number (`Faktura 2026000001`), the author the supplier.
 */
import Decimal from 'decimal.js';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { LINE_LABELS, type LineKind } from '../calculate';
import type { Lang, Text } from '../../i18n/text';
import type { InvoiceDocument } from './document';
import { formatIban } from './payment-data';
import { renderPdf } from '../../pdf';

/** The state an invoice is rendered in: a draft and a cancelled one say so. */
export type InvoiceState = 'draft' | 'issued' | 'cancelled';

const T = {
  invoice: { en: 'Invoice', cs: 'Faktura' },
  taxDocument: { en: 'Invoice – tax document', cs: 'Faktura – daňový doklad' },
  draft: {
    en: 'DRAFT — not issued, not a tax document',
    cs: 'KONCEPT — nevystaveno, není daňovým dokladem',
  },
  cancelled: { en: 'CANCELLED', cs: 'STORNOVÁNO' },
  supplier: { en: 'Supplier', cs: 'Dodavatel' },
  customer: { en: 'Customer', cs: 'Odběratel' },
  ico: { en: 'Company ID (IČO)', cs: 'IČO' },
  dic: { en: 'VAT ID (DIČ)', cs: 'DIČ' },
  customerNo: { en: 'Customer no.', cs: 'Zákaznické číslo' },
  number: { en: 'Invoice number', cs: 'Číslo faktury' },
  contract: { en: 'Contract', cs: 'Smlouva' },
  period: { en: 'Billing period', cs: 'Zúčtovací období' },
  issue: { en: 'Issue date', cs: 'Datum vystavení' },
  taxable: { en: 'Taxable supply date', cs: 'Datum uskutečnění zdanitelného plnění' },
  due: { en: 'Due date', cs: 'Datum splatnosti' },
  points: { en: 'Consumption points', cs: 'Odběrná místa' },
  point: { en: 'Point (EAN)', cs: 'Odběrné místo (EAN)' },
  linePeriod: { en: 'Period', cs: 'Období' },
  item: { en: 'Item', cs: 'Položka' },
  quantity: { en: 'Quantity', cs: 'Množství' },
  price: { en: 'Unit price', cs: 'Jednotková cena' },
  amount: { en: 'Amount (CZK)', cs: 'Částka (Kč)' },
  recap: { en: 'VAT summary', cs: 'Rekapitulace DPH' },
  rate: { en: 'VAT rate', cs: 'Sazba DPH' },
  base: { en: 'Base', cs: 'Základ' },
  vat: { en: 'VAT', cs: 'DPH' },
  withVat: { en: 'Including VAT', cs: 'Celkem s DPH' },
  baseTotal: { en: 'Base without VAT', cs: 'Základ bez DPH' },
  production: { en: 'Production bought (no VAT)', cs: 'Výkup výroby (bez DPH)' },
  total: { en: 'Total', cs: 'Celkem' },
  advances: { en: 'Advances paid', cs: 'Uhrazené zálohy' },
  dueAmount: { en: 'Amount due', cs: 'K úhradě' },
  refund: { en: 'Refund to you', cs: 'Přeplatek k vrácení' },
  payment: { en: 'Payment', cs: 'Platební údaje' },
  bank: { en: 'Bank account', cs: 'Bankovní účet' },
  iban: { en: 'IBAN', cs: 'IBAN' },
  vs: { en: 'Variable symbol', cs: 'Variabilní symbol' },
  method: { en: 'Payment method', cs: 'Způsob úhrady' },
  transfer: { en: 'bank transfer', cs: 'převodem' },
  qr: { en: 'QR payment', cs: 'QR Platba' },
} satisfies Record<string, Text>;

/** A line's unit as the document's language writes it (`calculate.ts` `LineUnit`). */
export const UNIT_LABELS: Readonly<Record<string, Text>> = {
  MWh: { en: 'MWh', cs: 'MWh' },
  month: { en: 'month', cs: 'měs.' },
  'A·month': { en: 'A·month', cs: 'A·měs.' },
};

/** `unit` in `lang` (an unknown unit as it is). */
export function unitLabel(unit: string, lang: Lang): string {
  return UNIT_LABELS[unit]?.[lang] ?? unit;
}

/** A unit price's unit in `lang`: `Kč/MWh`, `CZK/A·month`. */
export function priceUnit(unit: string, lang: Lang): string {
  return `${lang === 'cs' ? 'Kč' : 'CZK'}/${unitLabel(unit, lang)}`;
}

/** `value` (decimal string) as the language writes numbers: `1 234,50` / `1,234.50`. */
export function formatNumber(value: string, lang: Lang): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'cs' ? '\u00a0' : ',');
  const text =
    fraction !== undefined ? `${grouped}${lang === 'cs' ? ',' : '.'}${fraction}` : grouped;
  return negative ? `−${text}` : text;
}

/** `value` rounded half-up to `places` and written as `lang` writes numbers. */
export function formatFixed(value: string, places: number, lang: Lang): string {
  return formatNumber(new Decimal(value).toFixed(places, Decimal.ROUND_HALF_UP), lang);
}

const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** `YYYY-MM-DD` as `5. 3. 2026` (cs) or `5 Mar 2026` (en). */
export function formatDate(value: string, lang: Lang): string {
  const [y, m, d] = value.split('-').map(Number);
  return lang === 'cs' ? `${d}. ${m}. ${y}` : `${d} ${MONTHS_EN[m! - 1]} ${y}`;
}

/**
 * The inclusive period `first`–`last` (ISO dates): `1. 10. – 31. 12. 2025` (the year once
 * when both days share it), `1 Oct – 31 Dec 2025`.
 */
export function formatPeriod(first: string, last: string, lang: Lang): string {
  const start = formatDate(first, lang);
  const end = formatDate(last, lang);
  if (first.slice(0, 4) !== last.slice(0, 4)) return `${start} – ${end}`;
  const year = ` ${first.slice(0, 4)}`;
  return `${start.slice(0, -year.length)} – ${end}`;
}

const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
  text,
  style: 'head',
  alignment,
});

const right = (text: string, extra: Record<string, unknown> = {}): TableCell => ({
  text,
  alignment: 'right',
  ...extra,
});

/** The pdfmake document of `doc` in `lang`, in `state` (the QR code only when issued). */
export function invoiceDefinition(
  doc: InvoiceDocument,
  state: InvoiceState,
  lang: Lang,
): TDocumentDefinitions {
  const t = (entry: Text) => entry[lang];
  const n = (value: string) => formatNumber(value, lang);
  const money = (value: string) => formatFixed(value, 2, lang);
  const d = (value: string) => formatDate(value, lang);
  const party = (heading: string, lines: string[]): Content => ({
    stack: [
      { text: heading, style: 'label' },
      ...lines.filter(Boolean).map((line, index) => ({ text: line, bold: index === 0 })),
    ],
  });
  const refund = doc.amount_due.startsWith('-');
  const label = (kind: string) => LINE_LABELS[kind as LineKind]?.[lang] ?? kind;
  const quantity = (line: InvoiceDocument['lines'][number]) =>
    `${formatFixed(line.quantity, 3, lang)} ${unitLabel(line.unit, lang)}`;
  const withVat = new Decimal(doc.base).plus(doc.vat).toFixed(2);
  const { supplier, customer, payment } = doc;
  const qr = state === 'issued' && payment.spayd !== null;
  const hasProduction = !new Decimal(doc.production).isZero();
  const keyValues = (rows: [string, string][]): Content => ({
    table: {
      widths: ['auto', '*'],
      body: rows.map(([key, value]) => [{ text: key, style: 'key' }, value]),
    },
    layout: 'noBorders',
  });
  return {
    info: {
      title: `${t(T.invoice)} ${doc.number ?? ''}`.trim(),
      subject: `${t(T.contract)} ${doc.contract_no}`,
      author: supplier.name || undefined,
      creator: 'Joule',
    },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true },
      label: { bold: true, fontSize: 10, margin: [0, 0, 0, 2] },
      key: { color: '#444444' },
      head: { bold: true, fillColor: '#eeeeee' },
    },
    content: [
      { text: `${t(T.taxDocument)} ${doc.number ?? ''}`.trim(), style: 'title' },
      state === 'draft' ? { text: t(T.draft), color: '#b00', bold: true } : '',
      state === 'cancelled' ? { text: t(T.cancelled), color: '#b00', bold: true } : '',
      {
        columns: [
          party(t(T.supplier), [
            supplier.name,
            ...supplier.address,
            supplier.ico && `${t(T.ico)}: ${supplier.ico}`,
            supplier.dic && `${t(T.dic)}: ${supplier.dic}`,
          ]),
          party(t(T.customer), [
            customer.name,
            ...customer.address,
            customer.ico && `${t(T.ico)}: ${customer.ico}`,
            customer.dic && `${t(T.dic)}: ${customer.dic}`,
            `${t(T.customerNo)}: ${doc.customer_no}`,
          ]),
        ],
        columnGap: 20,
        margin: [0, 12, 0, 12],
      },
      {
        columns: [
          keyValues([
            [t(T.number), doc.number ?? '—'],
            [t(T.contract), doc.contract_no],
            [t(T.period), formatPeriod(doc.period_from, doc.period_last, lang)],
            [t(T.issue), d(doc.issue_date)],
            [t(T.taxable), d(doc.taxable_supply_date)],
            [t(T.due), d(doc.due_date)],
          ]),
          keyValues([
            [t(T.method), t(T.transfer)],
            [t(T.bank), supplier.bank_account],
            [t(T.iban), supplier.iban ? formatIban(supplier.iban) : ''],
            [t(T.vs), payment.variable_symbol],
          ]),
        ],
        columnGap: 20,
        margin: [0, 0, 0, 12],
      },
      doc.points.length > 0
        ? {
            stack: [
              { text: t(T.points), style: 'label' },
              ...doc.points.map((point) => ({ text: `${point.ean} — ${point.address}` })),
            ],
            margin: [0, 0, 0, 12],
          }
        : '',
      {
        table: {
          headerRows: 1,
          widths: ['auto', 'auto', '*', 'auto', 'auto', 'auto'],
          body: [
            [
              head(t(T.point)),
              head(t(T.linePeriod)),
              head(t(T.item)),
              head(t(T.quantity), 'right'),
              head(t(T.price), 'right'),
              head(t(T.amount), 'right'),
            ],
            ...doc.lines.map((line): TableCell[] => [
              line.ean ?? '',
              line.first && line.last ? formatPeriod(line.first, line.last, lang) : '',
              label(line.kind),
              right(quantity(line)),
              right(`${money(line.unit_price)} ${priceUnit(line.unit, lang)}`),
              right(money(line.amount)),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: t(T.recap), style: 'label' },
              {
                table: {
                  headerRows: 1,
                  widths: ['auto', 'auto', 'auto', 'auto'],
                  body: [
                    [t(T.rate), right(t(T.base)), right(t(T.vat)), right(t(T.withVat))],
                    [
                      `${n(doc.vat_rate)} %`,
                      right(money(doc.base)),
                      right(money(doc.vat)),
                      right(money(withVat)),
                    ],
                  ],
                },
                layout: 'lightHorizontalLines',
              },
            ],
          },
          {
            width: 'auto',
            table: {
              widths: ['auto', 90],
              body: [
                [t(T.baseTotal), right(money(doc.base))],
                [`${t(T.vat)} ${n(doc.vat_rate)} %`, right(money(doc.vat))],
                ...(hasProduction ? [[t(T.production), right(money(doc.production))]] : []),
                [{ text: t(T.total), bold: true }, right(money(doc.total), { bold: true })],
                [t(T.advances), right(money(doc.advances))],
                [
                  { text: t(refund ? T.refund : T.dueAmount), bold: true, fontSize: 11 },
                  right(
                    `${money(doc.amount_due.replace(/^-/, ''))} ${lang === 'cs' ? 'Kč' : 'CZK'}`,
                    {
                      bold: true,
                      fontSize: 11,
                    },
                  ),
                ],
              ],
            },
            layout: 'noBorders',
          },
        ],
        columnGap: 20,
        margin: [0, 12, 0, 0],
      },
      qr
        ? {
            stack: [
              { text: t(T.qr), style: 'label' },
              { qr: payment.spayd!, fit: 110, eccLevel: 'M' },
            ],
            margin: [0, 16, 0, 0],
            unbreakable: true,
          }
        : '',
    ],
  };
}

/** Renders `doc` in `state` and `lang` as PDF bytes. */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  state: InvoiceState,
  lang: Lang,
): Promise<Buffer> {
  return renderPdf(invoiceDefinition(doc, state, lang));
}
