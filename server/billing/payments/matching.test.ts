/**
 * The matching rules of a statement import (docs/billing.md "Bank statements"), table by
 * table: exact, partial, over, unmatched, duplicate, refused.
 */
import { describe, expect, it } from 'vitest';
import type { StatementEntry } from './camt';
import { matchEntries, type MatchContext, type OpenInvoice } from './matching';
import { paymentState } from './standing';

const entry = (over: Partial<StatementEntry> = {}): StatementEntry => ({
  index: 1,
  reference: 'R1',
  credit: true,
  reversal: false,
  status: 'BOOK',
  amount: '1000.00',
  currency: 'CZK',
  bookingDate: '2026-01-10',
  variableSymbol: '2026000001',
  counterpartyName: 'Jan Novák',
  counterpartyAccount: '',
  message: '',
  ...over,
});

const invoice = (over: Partial<OpenInvoice> = {}): OpenInvoice => ({
  id: 1,
  contract: 7,
  number: '2026000001',
  variableSymbol: '2026000001',
  amountDue: '1000.00',
  paid: '0.00',
  dueDate: '2026-01-15',
  ...over,
});

const context = (invoices: OpenInvoice[], known: string[] = []): MatchContext => ({
  known: new Set(known),
  invoices: new Map(
    [...new Set(invoices.map((item) => item.variableSymbol))].map((symbol) => [
      symbol,
      invoices.filter((item) => item.variableSymbol === symbol),
    ]),
  ),
  ceiling: '10000000.00',
});

describe('matchEntries', () => {
  it.each([
    ['exact: the amount due', '1000.00', 'paid'],
    ['partial: less than due', '400.00', 'partly_paid'],
    ['over: more than due', '1200.00', 'overpaid'],
  ])('%s → %s', (_name, amount, state) => {
    const [outcome] = matchEntries([entry({ amount })], context([invoice()]));
    expect(outcome).toEqual({ kind: 'matched', invoice: invoice(), state });
  });

  it('counts what the invoice was paid before and what earlier entries of the file paid', () => {
    const outcomes = matchEntries(
      [
        entry({ reference: 'A', amount: '300.00' }),
        entry({ reference: 'B', amount: '300.00' }),
        entry({ reference: 'C', amount: '100.00' }),
      ],
      context([invoice({ paid: '400.00' })]),
    );
    expect(outcomes.map((outcome) => outcome.kind === 'matched' && outcome.state)).toEqual([
      'partly_paid',
      'paid',
      false,
    ]);
    // Paid in full by the first two: the third finds no open invoice.
    expect(outcomes[2]).toEqual({ kind: 'unmatched', why: 'no_invoice' });
  });

  it('among invoices with one symbol, takes the one owing exactly the amount, else the oldest', () => {
    const older = invoice({ id: 1, dueDate: '2026-01-15', amountDue: '500.00' });
    const newer = invoice({ id: 2, dueDate: '2026-02-15', amountDue: '800.00' });
    const [exact] = matchEntries([entry({ amount: '800.00' })], context([older, newer]));
    expect(exact).toMatchObject({ kind: 'matched', invoice: { id: 2 }, state: 'paid' });
    const [oldest] = matchEntries([entry({ amount: '100.00' })], context([newer, older]));
    expect(oldest).toMatchObject({ kind: 'matched', invoice: { id: 1 }, state: 'partly_paid' });
  });

  it('leaves unmatched what has no symbol or whose symbol no open invoice has', () => {
    const outcomes = matchEntries(
      [
        entry({ reference: 'A', variableSymbol: '' }),
        entry({ reference: 'B', variableSymbol: '999' }),
        entry({ reference: 'C' }),
      ],
      context([invoice({ paid: '1000.00' })]),
    );
    expect(outcomes).toEqual([
      { kind: 'unmatched', why: 'no_symbol' },
      { kind: 'unmatched', why: 'no_invoice' },
      { kind: 'unmatched', why: 'no_invoice' },
    ]);
  });

  it('creates nothing for a statement imported before, nor for a reference twice in one file', () => {
    const again = matchEntries([entry({ reference: 'R1' })], context([invoice()], ['R1']));
    expect(again).toEqual([{ kind: 'unchanged' }]);
    const twice = matchEntries(
      [entry({ reference: 'X' }), entry({ reference: 'X' })],
      context([invoice()]),
    );
    expect(twice.map((outcome) => outcome.kind)).toEqual(['matched', 'unchanged']);
  });

  it.each([
    ['debit', { credit: false }],
    ['reversal', { reversal: true }],
    ['not_booked', { status: 'PDNG' }],
    ['currency', { currency: 'EUR' }],
    ['no_reference', { reference: null }],
    ['no_date', { bookingDate: null }],
    ['amount', { amount: '0.00' }],
    ['amount', { amount: '12,50' }],
    ['above_ceiling', { amount: '10000000.01' }],
  ] as const)('refuses an entry: %s', (reason, over) => {
    expect(matchEntries([entry(over)], context([invoice()]))).toEqual([
      { kind: 'refused', reason },
    ]);
  });
});

describe('paymentState', () => {
  it.each([
    ['1000', '0', 'unpaid'],
    ['1000', '-50', 'unpaid'],
    ['1000', '999.99', 'partly_paid'],
    ['1000', '1000', 'paid'],
    ['1000', '1000.01', 'overpaid'],
    ['-400', '0', 'unpaid'],
    ['-400', '-100', 'partly_paid'],
    ['-400', '-400', 'paid'],
    ['0', '0', 'paid'],
    ['0', '5', 'overpaid'],
  ])('due %s, paid %s → %s', (due, paid, state) => {
    expect(paymentState(due, paid)).toBe(state);
  });
});
