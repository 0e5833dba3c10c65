/**
 * What an invoice says as a tax document (docs/billing.md "Invoices"), read from the
 * database: the supplier (global settings), the customer with the billing address, the
 * contract, dates, lines with their points' EANs and inclusive periods, totals and payment
 * data. Issuing stores it on the invoice (`invoices.document`) and every later PDF of the
 * invoice is rendered from that copy, so renaming the customer, moving a point or changing
 * the supplier's bank account never rewrites an issued document.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Database } from '../../db/client';
import { addresses, contracts, customers, invoiceLines, invoices, points } from '../../db/schema';
import type { Lang } from '../../i18n/text';
import { addDays } from '../dates';
import { loadSupplierSettings } from '../settings';
import { ibanOf, spayd } from './payment-data';

/** A line of the document; amounts and prices as decimal strings in CZK. */
export interface DocumentLine {
  /** The point's EAN; null for a line of no point. */
  readonly ean: string | null;
  /** First day of the line's period, `YYYY-MM-DD`. */
  readonly first: string | null;
  /** Last day of the line's period (inclusive, never after the invoice's period). */
  readonly last: string | null;
  /** `calculate.ts` `LineKind`: labelled in the document's language when rendered. */
  readonly kind: string;
  readonly quantity: string;
  /** `MWh`, `month` or `A·month` (`calculate.ts` `LineUnit`). */
  readonly unit: string;
  /** CZK per unit without VAT. */
  readonly unit_price: string;
  readonly amount: string;
}

/** A party of the document. */
export interface DocumentParty {
  readonly name: string;
  /** Postal address, one line per item. */
  readonly address: readonly string[];
  /** IČO, or empty. */
  readonly ico: string;
  /** DIČ, or empty. */
  readonly dic: string;
}

/**
 * Everything the invoice PDF shows (`pdf.ts`), as frozen at issue (`version` 1). Amounts
 * are decimal strings in CZK.
 */
export interface InvoiceDocument {
  readonly version: 1;
  /** The customer's language: the one it is sent in. */
  readonly language: Lang;
  readonly number: string | null;
  readonly contract_no: string;
  readonly customer_no: string;
  readonly supplier: DocumentParty & {
    /** As the settings hold it (domestic or IBAN). */
    readonly bank_account: string;
    /** The account as an IBAN; null when the settings hold none that is valid. */
    readonly iban: string | null;
  };
  readonly customer: DocumentParty & {
    /** Where the invoice is e-mailed: the e-mail for documents, else the report e-mail. */
    readonly email: string;
  };
  /** The points billed: EAN and supply address. */
  readonly points: readonly { readonly ean: string; readonly address: string }[];
  /** `[period_from, period_to)`; the PDF shows `period_from – period_last`. */
  readonly period_from: string;
  readonly period_last: string;
  readonly issue_date: string;
  readonly taxable_supply_date: string;
  readonly due_date: string;
  readonly lines: readonly DocumentLine[];
  readonly base: string;
  readonly vat_rate: string;
  readonly vat: string;
  readonly production: string;
  readonly total: string;
  readonly advances: string;
  readonly amount_due: string;
  readonly payment: {
    readonly variable_symbol: string;
    /** The SPAYD text of the QR payment code; null when nothing is due or no IBAN is known. */
    readonly spayd: string | null;
  };
}

/** An address's lines: street (and flat), ZIP and city, the country unless Czech. */
function addressLines(row: {
  street: string;
  zipCode: string;
  city: string;
  country: string;
  building?: string;
  flatNo?: string;
}): string[] {
  const street = [row.street, row.building].filter(Boolean).join(' ');
  const zip = /^\d{5}$/.test(row.zipCode)
    ? `${row.zipCode.slice(0, 3)} ${row.zipCode.slice(3)}`
    : row.zipCode;
  return [
    row.flatNo ? `${street}, ${row.flatNo}` : street,
    `${zip} ${row.city}`.trim(),
    ...(row.country && row.country !== 'CZ' ? [row.country] : []),
  ].filter(Boolean);
}

/** The earlier of two ISO dates. */
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The document of invoice `id` as the database says it now (for a draft, and for issuing),
 * or undefined when there is no such invoice.
 */
export async function buildInvoiceDocument(
  db: Database,
  id: number,
): Promise<InvoiceDocument | undefined> {
  const [row] = await db
    .select({ invoice: invoices, contract: contracts, customer: customers })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contract))
    .innerJoin(customers, eq(customers.id, invoices.customer))
    .where(eq(invoices.id, id));
  if (!row) return undefined;
  const { invoice, contract, customer } = row;
  const supplier = await loadSupplierSettings(db);
  const lines = await db
    .select({ line: invoiceLines, ean: points.ean })
    .from(invoiceLines)
    .leftJoin(points, eq(points.id, invoiceLines.point))
    .where(eq(invoiceLines.invoice, id))
    .orderBy(asc(invoiceLines.position));
  const pointIds = [...new Set(lines.flatMap(({ line }) => (line.point ? [line.point] : [])))];
  const billed =
    pointIds.length === 0
      ? await db
          .select()
          .from(points)
          .where(eq(points.contract, contract.id))
          .orderBy(asc(points.id))
      : await db.select().from(points).where(inArray(points.id, pointIds)).orderBy(asc(points.id));
  // The billing address: the customer's of type billing, else permanent, else the point's.
  const [postal] = await db
    .select()
    .from(addresses)
    .where(
      and(eq(addresses.customer, customer.id), inArray(addresses.type, ['billing', 'permanent'])),
    )
    .orderBy(asc(addresses.type), asc(addresses.id))
    .limit(1);
  const address = postal ? addressLines(postal) : billed[0] ? addressLines(billed[0]) : [];
  const personName = [customer.titleBefore, customer.firstName, customer.lastName]
    .filter(Boolean)
    .join(' ');
  const name =
    customer.type === 'company'
      ? customer.companyName
      : customer.titleAfter
        ? `${personName}, ${customer.titleAfter}`
        : personName;
  const periodLast = addDays(invoice.periodTo, -1);
  const iban = ibanOf(supplier.bank_account);
  const due = new Decimal(invoice.amountDue);
  const symbol = invoice.variableSymbol;
  const number = invoice.number;
  const language: Lang = customer.language === 'en' ? 'en' : 'cs';
  return {
    version: 1,
    language,
    number,
    contract_no: contract.contractNo,
    customer_no: customer.customerNo,
    supplier: {
      name: supplier.supplier_name,
      address: supplier.address
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      ico: supplier.ico,
      dic: supplier.dic,
      bank_account: supplier.bank_account,
      iban,
    },
    customer: {
      name,
      address,
      ico: customer.crn,
      dic: customer.tin,
      email: customer.documentEmail || customer.reportEmail,
    },
    points: billed.map((point) => ({
      ean: point.ean,
      address: addressLines(point).join(', '),
    })),
    period_from: invoice.periodFrom,
    period_last: periodLast,
    issue_date: invoice.issueDate,
    taxable_supply_date: invoice.taxableSupplyDate,
    due_date: invoice.dueDate,
    lines: lines.map(({ line, ean }) => ({
      ean,
      first: line.segmentFrom,
      last: line.segmentTo ? earlier(addDays(line.segmentTo, -1), periodLast) : null,
      kind: line.kind,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.unitPrice,
      amount: line.amount,
    })),
    base: invoice.base,
    vat_rate: invoice.vatRate,
    vat: invoice.vat,
    production: invoice.production,
    total: invoice.total,
    advances: invoice.advances,
    amount_due: invoice.amountDue,
    payment: {
      variable_symbol: symbol,
      spayd:
        iban && due.gt(0) && /^\d{1,10}$/.test(symbol) && due.toFixed(2).length <= 10
          ? spayd({
              iban,
              amount: due.toFixed(2),
              variableSymbol: symbol,
              dueDate: invoice.dueDate,
              payee: supplier.supplier_name || undefined,
              message: number
                ? `${language === 'cs' ? 'Faktura' : 'Invoice'} ${number}`
                : undefined,
            })
          : null,
    },
  };
}
