/**
 * An invoice's payment data (docs/billing.md "Payment data"): the variable symbol, the
 * supplier's account as an IBAN, and the QR payment code in the Czech SPAYD format ("QR
 * Platba", `SPD*1.0*ACC:…*AM:…*CC:CZK*X-VS:…`), all pure functions.
 */
import Decimal from 'decimal.js';

/** Most digits of a Czech variable symbol. */
export const MAX_SYMBOL_DIGITS = 10;

/**
 * The variable symbol a contract's invoices carry: the digits of its number
 * (`S-2023-00007` → `202300007`) when there are 1 to {@link MAX_SYMBOL_DIGITS} of them, else
 * null (the invoice then takes its own number at issue, see {@link symbolAtIssue}). Never an
 * account number. Statement matching compares symbols by their digits without leading
 * zeros (`payments/matching.ts`), so `0123` pays an invoice of `123`.
 */
export function contractSymbol(contractNo: string): string | null {
  const digits = contractNo.replace(/\D/g, '');
  return digits.length >= 1 && digits.length <= MAX_SYMBOL_DIGITS ? digits : null;
}

/**
 * The variable symbol of an invoice being issued as `number`: the one it has when it is a
 * valid symbol (1–10 digits), else the invoice number (10 digits).
 */
export function symbolAtIssue(current: string, number: string): string {
  return /^\d{1,10}$/.test(current) ? current : number;
}

const LETTER_BASE = 'A'.charCodeAt(0) - 10;

/** `text`'s letters as numbers (A = 10 … Z = 35), as ISO 13616 computes check digits. */
function numeric(text: string): string {
  return [...text]
    .map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - LETTER_BASE) : char))
    .join('');
}

/** `digits` (a decimal string of any length) modulo 97. */
function mod97(digits: string): number {
  let rest = 0;
  for (const char of digits) rest = (rest * 10 + Number(char)) % 97;
  return rest;
}

/** Whether `iban` (no spaces, upper case) has valid ISO 13616 check digits. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  return mod97(numeric(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/** A Czech account number part with its weights (prefix 6, number 10 digits) is valid. */
function czechPartValid(digits: string, weights: readonly number[]): boolean {
  const padded = digits.padStart(weights.length, '0');
  const sum = [...padded].reduce((total, char, index) => total + Number(char) * weights[index]!, 0);
  return sum % 11 === 0;
}

const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/**
 * The IBAN of `account`: a Czech domestic account (`[prefix-]number/bank`, e.g.
 * `19-2000145399/0800` → `CZ6508000000192000145399`, the prefix and number checked by their
 * weighted sums modulo 11) or an IBAN already (spaces allowed, checked by its check digits).
 * Null when `account` is neither.
 */
export function ibanOf(account: string): string | null {
  const compact = account.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{2}/.test(compact)) return isValidIban(compact) ? compact : null;
  const match = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(compact);
  if (!match) return null;
  const [, prefix = '', number = '', bank = ''] = match;
  if (!czechPartValid(prefix, PREFIX_WEIGHTS) || !czechPartValid(number, NUMBER_WEIGHTS))
    return null;
  if (/^0+$/.test(number)) return null;
  const bban = bank + prefix.padStart(6, '0') + number.padStart(10, '0');
  const check = 98 - mod97(numeric(`${bban}CZ00`));
  return `CZ${String(check).padStart(2, '0')}${bban}`;
}

/** `iban` in groups of four for reading (`CZ65 0800 0000 1920 0014 5399`). */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What a SPAYD payment code carries. */
export interface SpaydPayment {
  /** The payee's IBAN. */
  readonly iban: string;
  /** CZK, a decimal string > 0 with at most 2 decimal places. */
  readonly amount: string;
  /** Variable symbol, 1–10 digits. */
  readonly variableSymbol: string;
  /** Due date, `YYYY-MM-DD`. */
  readonly dueDate?: string;
  /** The payee's name (at most 35 characters are kept, without diacritics). */
  readonly payee?: string;
  /** A message for the payee (at most 60 characters are kept, without diacritics). */
  readonly message?: string;
}

/**
 * Free text for a SPAYD field: without diacritics (`Faktura č. 1` → `Faktura c. 1`), which
 * not every banking app reads from a QR code, cut to `max` characters.
 */
function plain(value: string, max: number): string {
  return [...value.normalize('NFD').replace(/\p{M}/gu, '')].slice(0, max).join('');
}

/**
 * A SPAYD value escaped: `*` separates fields, so it is written `%2A`, and `%` itself
 * `%25`; the rest as it is (the format is UTF-8).
 */
export function spaydEscape(value: string): string {
  return value.replaceAll('%', '%25').replaceAll('*', '%2A');
}

/**
 * The SPAYD 1.0 text of `payment` (the Czech banking association's "QR Platba"):
 * `SPD*1.0*ACC:<IBAN>*AM:<amount>*CC:CZK*X-VS:<vs>[*DT:YYYYMMDD][*RN:…][*MSG:…]`, the
 * amount with a dot and two decimals (`404.54`). Throws on an amount that is not positive
 * or has more than 7 digits before the point (the format's 10 characters), and on a
 * variable symbol that is not 1–10 digits.
 */
export function spayd(payment: SpaydPayment): string {
  const amount = new Decimal(payment.amount);
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2)
    throw new RangeError(
      `SPAYD amount must be positive with at most 2 decimals: ${payment.amount}`,
    );
  const am = amount.toFixed(2);
  if (am.length > 10) throw new RangeError(`SPAYD amount too large: ${am}`);
  if (!/^\d{1,10}$/.test(payment.variableSymbol))
    throw new RangeError(`SPAYD variable symbol must be 1–10 digits: ${payment.variableSymbol}`);
  const fields = [
    'SPD',
    '1.0',
    `ACC:${spaydEscape(payment.iban)}`,
    `AM:${am}`,
    'CC:CZK',
    `X-VS:${payment.variableSymbol}`,
  ];
  if (payment.dueDate) fields.push(`DT:${payment.dueDate.replaceAll('-', '')}`);
  if (payment.payee) fields.push(`RN:${spaydEscape(plain(payment.payee, 35))}`);
  if (payment.message) fields.push(`MSG:${spaydEscape(plain(payment.message, 60))}`);
  return fields.join('*');
}
