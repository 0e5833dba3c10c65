/**
 * The camt.053 reader (docs/billing.md "Bank statements"): what it takes from a statement as
 * Czech banks write it, where it finds the variable symbol, and what it refuses.
 */
import { describe, expect, it } from 'vitest';
import { buildCamt053, type SampleEntry } from './camt-build';
import { CamtError, normalizeSymbol, parseCamt053, symbolIn } from './camt';

const IBAN = 'CZ6508000000192000145399';

const statement = (entries: SampleEntry[]) =>
  buildCamt053({
    id: '2026-001',
    iban: IBAN,
    created: '2026-01-05T08:00:00',
    from: '2026-01-01',
    to: '2026-01-04',
    opening: '0.00',
    entries,
  });

/** A camt.053.001.08 entry as a bank of that version writes it (status and names nested). */
const VERSION_08 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-01-05T08:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>S-08</Id>
      <Acct><Id><Othr><Id>2001234567</Id></Othr></Id></Acct>
      <Ntry>
        <NtryRef>E-1</NtryRef>
        <Amt Ccy="CZK">99.90</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><DtTm>2026-01-03T10:11:12+01:00</DtTm></BookgDt>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties>
            <Dbtr><Pty><Nm>Eva Dvořáková</Nm></Pty></Dbtr>
            <DbtrAcct><Id><Othr><Id>19-123457/0100</Id></Othr></Id></DbtrAcct>
          </RltdPties>
          <RmtInf><Ustrd>Platba faktury</Ustrd><Ustrd>VS: 0002026001</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

describe('parseCamt053', () => {
  it('reads a statement of version 02: account, id and each entry', () => {
    const [read] = parseCamt053(
      statement([
        {
          reference: 'REF-1',
          amount: '1234.50',
          bookingDate: '2026-01-02',
          variableSymbol: '0012345',
          counterpartyName: 'Jan Novák & syn',
          counterpartyAccount: 'CZ0001',
          message: 'Elektřina',
        },
        { reference: 'REF-2', amount: '10.00', credit: false, bookingDate: '2026-01-03' },
      ]),
    );
    expect(read).toMatchObject({ id: '2026-001', account: IBAN });
    expect(read!.entries).toEqual([
      {
        index: 1,
        reference: 'REF-1',
        credit: true,
        reversal: false,
        status: 'BOOK',
        amount: '1234.50',
        currency: 'CZK',
        bookingDate: '2026-01-02',
        variableSymbol: '12345',
        counterpartyName: 'Jan Novák & syn',
        counterpartyAccount: 'CZ0001',
        message: 'Elektřina',
      },
      expect.objectContaining({ index: 2, reference: 'REF-2', credit: false, variableSymbol: '' }),
    ]);
  });

  it('reads version 08: nested status and names, a date-time, the symbol in the message', () => {
    const [read] = parseCamt053(VERSION_08);
    expect(read!.account).toBe('2001234567');
    expect(read!.entries[0]).toMatchObject({
      reference: 'E-1',
      status: 'BOOK',
      bookingDate: '2026-01-03',
      variableSymbol: '2026001',
      counterpartyName: 'Eva Dvořáková',
      counterpartyAccount: '19-123457/0100',
      message: 'Platba faktury VS: 0002026001',
    });
  });

  it.each([
    [
      'a document type declaration',
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>`,
      'doctype',
    ],
    ['text that is no XML', 'not xml at all <', 'not_xml'],
    ['another ISO 20022 message', '<Document><BkToCstmrDbtCdtNtfctn/></Document>', 'not_camt053'],
    [
      'a statement without its account',
      '<Document><BkToCstmrStmt><Stmt><Id>1</Id></Stmt></BkToCstmrStmt></Document>',
      'no_account',
    ],
  ])('refuses %s', (_name, xml, code) => {
    expect(() => parseCamt053(xml)).toThrow(new CamtError(code as CamtError['code']));
  });

  it('refuses more entries than allowed', () => {
    const entries = [1, 2, 3].map((n) => ({
      reference: `R${n}`,
      amount: '1.00',
      bookingDate: '2026-01-02',
    }));
    expect(() => parseCamt053(statement(entries), 2)).toThrow(new CamtError('too_many'));
    expect(parseCamt053(statement(entries), 3)[0]!.entries).toHaveLength(3);
  });
});

describe('the variable symbol', () => {
  it.each([
    ['0012345', true, '12345'],
    ['/VS/2026000001/SS//KS/0308', true, '2026000001'],
    ['VS:42', false, '42'],
    ['platba vs 77 za leden', false, '77'],
    ['VS12345678901', false, ''],
    ['12345', false, ''],
    ['0000000000', true, ''],
  ])('%s (alone a symbol: %s) → %s', (value, reference, symbol) => {
    expect(symbolIn(value, reference)).toBe(symbol);
  });

  it('drops leading zeros', () => {
    expect(normalizeSymbol('000123')).toBe('123');
  });
});
