/**
 * Writes a camt.053.001.02 statement as a Czech bank exports it (docs/billing.md "Bank
 * statements"): the tests' fixtures and the demo sample under `data/samples/` are made by
 * it, so both read like a real bank's file (references, variable symbols in the structured
 * creditor reference and the end-to-end id, balances) without copying one.
 */
import { XMLBuilder } from 'fast-xml-parser';

/** One entry to write. */
export interface SampleEntry {
  /** The bank's reference (`AcctSvcrRef`). */
  readonly reference: string;
  /** CZK, a decimal string with 2 places. */
  readonly amount: string;
  /** Default true (money in). */
  readonly credit?: boolean;
  /** `YYYY-MM-DD`. */
  readonly bookingDate: string;
  /** Written as `/VS/<symbol>` in the end-to-end id and as the creditor reference. */
  readonly variableSymbol?: string;
  readonly counterpartyName?: string;
  readonly counterpartyAccount?: string;
  readonly message?: string;
  /** Default `CZK`. */
  readonly currency?: string;
  /** Default `BOOK`. */
  readonly status?: string;
}

/** The statement to write. */
export interface SampleStatement {
  readonly id: string;
  /** The supplier's IBAN. */
  readonly iban: string;
  /** `YYYY-MM-DDTHH:mm:ss` of creation. */
  readonly created: string;
  readonly from: string;
  readonly to: string;
  /** Opening balance, CZK. */
  readonly opening: string;
  readonly entries: readonly SampleEntry[];
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const czk = (value: number) => (value / 100).toFixed(2);

/** The statement as camt.053.001.02 XML (UTF-8, with its declaration). */
export function buildCamt053(statement: SampleStatement): string {
  const net = statement.entries.reduce(
    (sum, entry) => sum + (entry.credit === false ? -1 : 1) * cents(entry.amount),
    0,
  );
  const closing = cents(statement.opening) + net;
  const balance = (code: string, amount: number, date: string) => ({
    Tp: { CdOrPrtry: { Cd: code } },
    Amt: { '#text': czk(Math.abs(amount)), '@_Ccy': 'CZK' },
    CdtDbtInd: amount < 0 ? 'DBIT' : 'CRDT',
    Dt: { Dt: date },
  });
  const entry = (item: SampleEntry) => {
    const credit = item.credit !== false;
    const party = {
      ...(item.counterpartyName ? { Nm: item.counterpartyName } : {}),
    };
    const symbol = item.variableSymbol;
    return {
      Amt: { '#text': item.amount, '@_Ccy': item.currency ?? 'CZK' },
      CdtDbtInd: credit ? 'CRDT' : 'DBIT',
      Sts: item.status ?? 'BOOK',
      BookgDt: { Dt: item.bookingDate },
      ValDt: { Dt: item.bookingDate },
      AcctSvcrRef: item.reference,
      BkTxCd: { Prtry: { Cd: credit ? '10000108000' : '10000107000', Issr: 'CBA' } },
      NtryDtls: {
        TxDtls: {
          Refs: {
            AcctSvcrRef: item.reference,
            EndToEndId: symbol ? `/VS/${symbol}/SS//KS/0308` : 'NOTPROVIDED',
          },
          AmtDtls: { TxAmt: { Amt: { '#text': item.amount, '@_Ccy': item.currency ?? 'CZK' } } },
          RltdPties: {
            [credit ? 'Dbtr' : 'Cdtr']: party,
            ...(item.counterpartyAccount
              ? { [credit ? 'DbtrAcct' : 'CdtrAcct']: { Id: { IBAN: item.counterpartyAccount } } }
              : {}),
          },
          ...(symbol || item.message
            ? {
                RmtInf: {
                  ...(item.message ? { Ustrd: item.message } : {}),
                  ...(symbol
                    ? {
                        Strd: {
                          CdtrRefInf: {
                            Tp: { CdOrPrtry: { Cd: 'SCOR' } },
                            Ref: symbol,
                          },
                        },
                      }
                    : {}),
                },
              }
            : {}),
        },
      },
    };
  };
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02',
      BkToCstmrStmt: {
        GrpHdr: { MsgId: `MSG-${statement.id}`, CreDtTm: statement.created },
        Stmt: {
          Id: statement.id,
          ElctrncSeqNb: '1',
          CreDtTm: statement.created,
          FrToDt: { FrDtTm: `${statement.from}T00:00:00`, ToDtTm: `${statement.to}T23:59:59` },
          Acct: { Id: { IBAN: statement.iban }, Ccy: 'CZK' },
          Bal: [
            balance('PRCD', cents(statement.opening), statement.from),
            balance('CLBD', closing, statement.to),
          ],
          TxsSummry: { TtlNtries: { NbOfNtries: String(statement.entries.length) } },
          Ntry: statement.entries.map(entry),
        },
      },
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
  });
  return builder.build(document) as string;
}
