/**
 * Messages of the statement import and of assigning an unmatched payment (ids in
 * its folder's cs.json and en.json: they load with the dialog and the panel).
 */
import { defineMessages } from 'react-intl';

export const statementMessages = defineMessages({
  title: { id: 'overrides.statement.title', defaultMessage: 'Import a bank statement' },
  help: {
    id: 'overrides.statement.help',
    defaultMessage:
      'An ISO 20022 camt.053 statement (XML) as your bank exports it. Each credit is matched to an unpaid issued invoice by its variable symbol and recorded as its payment; what matches nothing waits under “Unmatched” for you to assign it. Importing a statement again creates nothing.',
  },
  chooseFile: { id: 'overrides.statement.chooseFile', defaultMessage: 'Statement file (XML)' },
  browse: { id: 'overrides.statement.browse', defaultMessage: 'Browse' },
  noFile: { id: 'overrides.statement.noFile', defaultMessage: 'Choose a file…' },
  tooLarge: {
    id: 'overrides.statement.tooLarge',
    defaultMessage: 'The file is larger than {size}.',
  },
  importing: { id: 'overrides.statement.importing', defaultMessage: 'Importing {name}…' },
  failed: {
    id: 'overrides.statement.failed',
    defaultMessage: 'The statement was not imported: {reason}',
  },
  done: {
    id: 'overrides.statement.done',
    defaultMessage: 'Statement {ids} of account {accounts} imported.',
  },
  created: { id: 'overrides.statement.created', defaultMessage: 'Created' },
  matched: { id: 'overrides.statement.matched', defaultMessage: 'Matched to invoices' },
  unmatched: { id: 'overrides.statement.unmatched', defaultMessage: 'Unmatched' },
  unchanged: { id: 'overrides.statement.unchanged', defaultMessage: 'Unchanged' },
  refused: { id: 'overrides.statement.refused', defaultMessage: 'Refused' },
  entriesTitle: { id: 'overrides.statement.entriesTitle', defaultMessage: 'Entries' },
  entry: { id: 'overrides.statement.entry', defaultMessage: 'Entry' },
  date: { id: 'overrides.statement.date', defaultMessage: 'Booked' },
  amount: { id: 'overrides.statement.amount', defaultMessage: 'Amount' },
  symbol: { id: 'overrides.statement.symbol', defaultMessage: 'Variable symbol' },
  payer: { id: 'overrides.statement.payer', defaultMessage: 'Payer' },
  outcome: { id: 'overrides.statement.outcome', defaultMessage: 'Result' },
  outcomeMatched: {
    id: 'overrides.statement.outcomeMatched',
    defaultMessage: 'Invoice {number}: {state}',
  },
  another: { id: 'overrides.statement.another', defaultMessage: 'Import another' },
  close: { id: 'overrides.statement.close', defaultMessage: 'Close' },
  stateUnpaid: { id: 'overrides.statement.state.unpaid', defaultMessage: 'unpaid' },
  statePartlyPaid: { id: 'overrides.statement.state.partlyPaid', defaultMessage: 'partly paid' },
  statePaid: { id: 'overrides.statement.state.paid', defaultMessage: 'paid' },
  stateOverpaid: { id: 'overrides.statement.state.overpaid', defaultMessage: 'overpaid' },
});

export const assignMessages = defineMessages({
  help: {
    id: 'overrides.assign.help',
    defaultMessage:
      'This payment matched no invoice. Find the invoice it pays, or the contract whose advance it is.',
  },
  done: {
    id: 'overrides.assign.done',
    defaultMessage: 'This payment is assigned.',
  },
  invoiceSearch: {
    id: 'overrides.assign.invoiceSearch',
    defaultMessage: 'Invoice (number or variable symbol)',
  },
  contractSearch: { id: 'overrides.assign.contractSearch', defaultMessage: 'Contract (number)' },
  toInvoice: { id: 'overrides.assign.toInvoice', defaultMessage: 'Pays invoice {number}' },
  toContract: {
    id: 'overrides.assign.toContract',
    defaultMessage: 'Advance of contract {number}',
  },
  due: { id: 'overrides.assign.due', defaultMessage: 'due {amount}, paid {paid}' },
  none: { id: 'overrides.assign.none', defaultMessage: 'Nothing found.' },
  assigned: {
    id: 'overrides.assign.assigned',
    defaultMessage: 'Assigned.',
  },
  failed: { id: 'overrides.assign.failed', defaultMessage: 'Not assigned: {reason}' },
});
