/**
 * Payment data (docs/billing.md "Payment data"): the variable symbol, the Czech IBAN and
 * the SPAYD text of the QR payment code.
 */
import { describe, expect, it } from 'vitest';
import { normalizeSymbol } from '../payments/camt';
import {
  contractSymbol,
  formatIban,
  ibanOf,
  isValidIban,
  spayd,
  spaydEscape,
  symbolAtIssue,
} from './payment-data';

describe('the variable symbol', () => {
  it("is the contract number's digits, at most ten of them", () => {
    expect(contractSymbol('S-2023-00007')).toBe('202300007');
    expect(contractSymbol('SML-7')).toBe('7');
    expect(contractSymbol('1234567890')).toBe('1234567890');
    expect(contractSymbol('S-2023-000007-01')).toBeNull();
    expect(contractSymbol('SMLOUVA')).toBeNull();
  });

  it('else the invoice number at issue; never an account number', () => {
    expect(symbolAtIssue('202300007', '2026000001')).toBe('202300007');
    expect(symbolAtIssue('', '2026000001')).toBe('2026000001');
    expect(symbolAtIssue('0000107030/0800', '2026000001')).toBe('2026000001');
  });

  it('is read back from a statement as matching reads it (digits, no leading zeros)', () => {
    expect(normalizeSymbol('0202300007')).toBe(normalizeSymbol('202300007'));
  });
});

describe('the IBAN', () => {
  it('of a Czech account with a prefix, number and bank code', () => {
    expect(ibanOf('19-2000145399/0800')).toBe('CZ6508000000192000145399');
    expect(ibanOf('2000145399/0800')).toBe('CZ7908000000002000145399');
    expect(formatIban('CZ6508000000192000145399')).toBe('CZ65 0800 0000 1920 0014 5399');
  });

  it('as given when it is an IBAN already, spaces and case aside', () => {
    expect(ibanOf('cz65 0800 0000 1920 0014 5399')).toBe('CZ6508000000192000145399');
    expect(isValidIban('CZ6508000000192000145399')).toBe(true);
  });

  it('none for a wrong check digit or a number that is no account', () => {
    expect(ibanOf('CZ6608000000192000145399')).toBeNull();
    expect(ibanOf('19-2000145398/0800')).toBeNull();
    expect(ibanOf('0000000000/0800')).toBeNull();
    expect(ibanOf('123/08')).toBeNull();
    expect(ibanOf('')).toBeNull();
  });
});

describe('SPAYD', () => {
  const payment = {
    iban: 'CZ6508000000192000145399',
    amount: '404.5',
    variableSymbol: '202300007',
  };

  it('carries account, amount with two decimals, currency and variable symbol', () => {
    expect(spayd(payment)).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:404.50*CC:CZK*X-VS:202300007',
    );
  });

  it('adds the due date, the payee and a message, without diacritics and escaped', () => {
    expect(
      spayd({
        ...payment,
        dueDate: '2026-02-17',
        payee: 'Joule Energie s.r.o.',
        message: 'Faktura č. 1*2 100%',
      }),
    ).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:404.50*CC:CZK*X-VS:202300007*DT:20260217' +
        '*RN:Joule Energie s.r.o.*MSG:Faktura c. 1%2A2 100%25',
    );
    expect(spaydEscape('a*b%c')).toBe('a%2Ab%25c');
  });

  it('cuts the payee to 35 and the message to 60 characters', () => {
    const text = spayd({ ...payment, payee: 'P'.repeat(50), message: 'M'.repeat(80) });
    expect(text).toContain(`*RN:${'P'.repeat(35)}*`);
    expect(text.endsWith(`*MSG:${'M'.repeat(60)}`)).toBe(true);
  });

  it('refuses an amount that is not positive, too precise or too large, and a bad symbol', () => {
    expect(() => spayd({ ...payment, amount: '0' })).toThrow(RangeError);
    expect(() => spayd({ ...payment, amount: '-5.00' })).toThrow(RangeError);
    expect(() => spayd({ ...payment, amount: '1.005' })).toThrow(RangeError);
    expect(() => spayd({ ...payment, amount: '10000000.00' })).toThrow(RangeError);
    expect(spayd({ ...payment, amount: '9999999.99' })).toContain('*AM:9999999.99*');
    expect(() => spayd({ ...payment, variableSymbol: '0000107030/0800' })).toThrow(RangeError);
    expect(() => spayd({ ...payment, variableSymbol: '12345678901' })).toThrow(RangeError);
  });
});
