/**
 * ISO 20022 `camt.053` bank statements (BankToCustomerStatement, any version `001.02` to
 * `001.13`, as Czech banks export them; docs/billing.md "Bank statements") read into plain
 * entries with fast-xml-parser. Only what matching needs is read: the statement's account
 * and id, and per entry its reference, credit or debit, amount and currency, booking date,
 * status, the counterparty and the variable symbol.
 *
 * Where the variable symbol is: Czech banks write it in the structured creditor reference
 * (`RmtInf/Strd/CdtrRefInf/Ref`), in the end-to-end id (`Refs/EndToEndId`, e.g.
 * `/VS/123456/SS//KS/0308`) or in the message (`RmtInf/Ustrd`, `VS: 123456`); the first
 * found in that order is taken, as digits without leading zeros.
 *
 * The input is bounded by the caller (size) and here (entries); a document type
 * declaration is refused outright (no statement has one, and it is how entity expansion
 * attacks start).
 */
import { XMLParser } from 'fast-xml-parser';

/** Most entries one import may carry (all statements of the file together). */
export const MAX_STATEMENT_ENTRIES = 5000;

/** One entry (`Ntry`) of a statement. */
export interface StatementEntry {
  /** 1-based position among the file's entries. */
  readonly index: number;
  /**
   * The bank's reference of the entry: `AcctSvcrRef`, else `NtryRef`, else the first
   * transaction's `Refs/AcctSvcrRef` or `Refs/TxId`; null when there is none.
   */
  readonly reference: string | null;
  /** `CdtDbtInd` = `CRDT`: money in. */
  readonly credit: boolean;
  /** A reversal of an earlier entry (`RvslInd`). */
  readonly reversal: boolean;
  /** `BOOK`, `PDNG`, `INFO`, … (`Sts`, or `Sts/Cd` from version 08). */
  readonly status: string;
  /** The amount as written (`Amt`), a decimal string, or '' when missing. */
  readonly amount: string;
  /** `Amt/@Ccy`. */
  readonly currency: string;
  /** `YYYY-MM-DD` of `BookgDt` (`Dt` or `DtTm`), else of `ValDt`; null when neither. */
  readonly bookingDate: string | null;
  /** Digits without leading zeros (at most 10), or '' when the entry carries none. */
  readonly variableSymbol: string;
  /** The payer of a credit (payee of a debit): name and account (IBAN or other id). */
  readonly counterpartyName: string;
  readonly counterpartyAccount: string;
  /** The unstructured message (`RmtInf/Ustrd`, joined). */
  readonly message: string;
}

/** One statement (`Stmt`) of the file. */
export interface BankStatement {
  /** `Stmt/Id`. */
  readonly id: string;
  /** `Stmt/Acct/Id/IBAN`, else `Stmt/Acct/Id/Othr/Id`. */
  readonly account: string;
  readonly entries: readonly StatementEntry[];
}

/** Why a file is not read. */
export type CamtErrorCode = 'not_xml' | 'doctype' | 'not_camt053' | 'no_account' | 'too_many';

/** A file that is not a readable camt.053 statement. */
export class CamtError extends Error {
  constructor(readonly code: CamtErrorCode) {
    super(`camt.053: ${code}`);
    this.name = 'CamtError';
  }
}

// fast-xml-parser's output is untyped JSON; these helpers read it defensively.
type Node = unknown;

function list(node: Node): Node[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}

function child(node: Node, ...path: string[]): Node {
  let current = node;
  for (const name of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, Node>)[name];
  }
  return current;
}

/** The text of a leaf (`"x"`, or `{"#text": "x", "@_attr": …}`), trimmed; '' when none. */
function textOf(node: Node): string {
  const value = Array.isArray(node) ? node[0] : node;
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object') return textOf((value as Record<string, Node>)['#text']);
  return '';
}

function first(...values: string[]): string {
  return values.find((value) => value !== '') ?? '';
}

/** Digits of a variable symbol without leading zeros ('' for none or all zeros). */
export function normalizeSymbol(digits: string): string {
  return digits.replace(/^0+/, '');
}

const SYMBOL_IN_TEXT = [/\/VS\/(\d{1,10})(?!\d)/i, /\bVS[\s:.\-/]*(\d{1,10})(?!\d)/i];

/**
 * The variable symbol of a reference or message: a reference of 1–10 digits alone is one
 * (`reference` true); otherwise `/VS/123`, `VS:123`, `VS 123`, `VS123`.
 */
export function symbolIn(value: string, reference: boolean): string {
  const trimmed = value.trim();
  if (reference && /^\d{1,10}$/.test(trimmed)) return normalizeSymbol(trimmed);
  for (const pattern of SYMBOL_IN_TEXT) {
    const match = pattern.exec(trimmed);
    if (match) return normalizeSymbol(match[1]!);
  }
  return '';
}

function dateOf(node: Node): string | null {
  const value = first(textOf(child(node, 'Dt')), textOf(child(node, 'DtTm')));
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function accountOf(node: Node): string {
  return first(textOf(child(node, 'Id', 'IBAN')), textOf(child(node, 'Id', 'Othr', 'Id')));
}

function partyName(node: Node): string {
  // Up to version 07 the name is `Dbtr/Nm`; from 08 `Dbtr/Pty/Nm`.
  return first(textOf(child(node, 'Nm')), textOf(child(node, 'Pty', 'Nm')));
}

function readEntry(entry: Node, index: number): StatementEntry {
  const details = list(child(entry, 'NtryDtls')).flatMap((item) => list(child(item, 'TxDtls')));
  const transaction = details[0];
  const credit = textOf(child(entry, 'CdtDbtInd')).toUpperCase() === 'CRDT';
  const amountNode = child(entry, 'Amt');
  const refs = child(transaction, 'Refs');
  const remittance = list(child(transaction, 'RmtInf'));
  const structured = remittance
    .flatMap((item) => list(child(item, 'Strd')))
    .flatMap((item) => list(child(item, 'CdtrRefInf')))
    .map((item) => textOf(child(item, 'Ref')));
  const message = remittance
    .flatMap((item) => list(child(item, 'Ustrd')))
    .map(textOf)
    .filter(Boolean)
    .join(' ');
  const endToEnd = textOf(child(refs, 'EndToEndId'));
  const symbol = first(
    ...structured.map((value) => symbolIn(value, true)),
    endToEnd.toUpperCase() === 'NOTPROVIDED' ? '' : symbolIn(endToEnd, true),
    symbolIn(message, false),
  );
  const parties = child(transaction, 'RltdPties');
  const side = credit ? 'Dbtr' : 'Cdtr';
  const reference = first(
    textOf(child(entry, 'AcctSvcrRef')),
    textOf(child(entry, 'NtryRef')),
    textOf(child(refs, 'AcctSvcrRef')),
    textOf(child(refs, 'TxId')),
  );
  const status = child(entry, 'Sts');
  return {
    index,
    reference: reference === '' ? null : reference,
    credit,
    reversal: textOf(child(entry, 'RvslInd')).toLowerCase() === 'true',
    status: first(textOf(child(status, 'Cd')), textOf(status)).toUpperCase(),
    amount: textOf(amountNode),
    currency: textOf(child(amountNode, '@_Ccy')).toUpperCase(),
    bookingDate: dateOf(child(entry, 'BookgDt')) ?? dateOf(child(entry, 'ValDt')),
    variableSymbol: symbol,
    counterpartyName: partyName(child(parties, side)),
    counterpartyAccount: accountOf(child(parties, `${side}Acct`)),
    message,
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Every value stays text: amounts are exact decimals, symbols keep their zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the predefined entities (&amp; …): a document type declaration is refused before.
  processEntities: true,
  htmlEntities: false,
});

/**
 * The statements of a camt.053 file.
 *
 * @throws {CamtError} `doctype` for a document type declaration, `not_xml` for text that is
 *   no XML, `not_camt053` without `Document/BkToCstmrStmt/Stmt`, `no_account` for a
 *   statement without its account, `too_many` above {@link MAX_STATEMENT_ENTRIES} entries.
 */
export function parseCamt053(xml: string, maxEntries = MAX_STATEMENT_ENTRIES): BankStatement[] {
  if (/<!DOCTYPE/i.test(xml)) throw new CamtError('doctype');
  let document: Node;
  try {
    document = parser.parse(xml, true);
  } catch {
    throw new CamtError('not_xml');
  }
  const statements = list(child(document, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw new CamtError('not_camt053');
  const total = statements.reduce<number>((sum, stmt) => sum + list(child(stmt, 'Ntry')).length, 0);
  if (total > maxEntries) throw new CamtError('too_many');
  let index = 0;
  return statements.map((statement) => {
    const account = accountOf(child(statement, 'Acct'));
    if (account === '') throw new CamtError('no_account');
    return {
      id: textOf(child(statement, 'Id')),
      account,
      entries: list(child(statement, 'Ntry')).map((entry) => readEntry(entry, (index += 1))),
    };
  });
}
