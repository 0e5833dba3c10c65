/** Messages of the bill preview (ids in overrides/contracts/cs.json and en.json). */
import { defineMessages } from 'react-intl';

export const billMessages = defineMessages({
  period: { id: 'overrides.contracts.billPeriod', defaultMessage: 'Period' },
  from: { id: 'overrides.contracts.billFrom', defaultMessage: 'From' },
  to: { id: 'overrides.contracts.billTo', defaultMessage: 'To (inclusive)' },
  show: { id: 'overrides.contracts.billShow', defaultMessage: 'Preview the bill' },
  cannotBill: {
    id: 'overrides.contracts.billCannot',
    defaultMessage: 'The contract cannot be billed for this period:',
  },
  failed: { id: 'overrides.contracts.billFailed', defaultMessage: 'The preview failed: {detail}' },
  point: { id: 'overrides.contracts.billPoint', defaultMessage: 'Point {ean} — {name}' },
  segment: {
    id: 'overrides.contracts.billSegment',
    defaultMessage: '{from} – {last}: tariff {code}, main fuse {current} A, {months} months',
  },
  registers: {
    id: 'overrides.contracts.billRegisters',
    defaultMessage:
      'Registers (kWh) at {start} → at {end}: HT {ht1} → {ht2}, LT {lt1} → {lt2}, production {p1} → {p2}',
  },
  estimated: { id: 'overrides.contracts.billEstimated', defaultMessage: '(estimated)' },
  line: { id: 'overrides.contracts.billLine', defaultMessage: 'Item' },
  quantity: { id: 'overrides.contracts.billQuantity', defaultMessage: 'Quantity' },
  unitPrice: { id: 'overrides.contracts.billUnitPrice', defaultMessage: 'Unit price' },
  amount: { id: 'overrides.contracts.billAmount', defaultMessage: 'Amount' },
  base: { id: 'overrides.contracts.billBase', defaultMessage: 'Base (without VAT)' },
  vat: { id: 'overrides.contracts.billVat', defaultMessage: 'VAT {rate} %' },
  production: { id: 'overrides.contracts.billProduction', defaultMessage: 'Production bought' },
  total: { id: 'overrides.contracts.billTotal', defaultMessage: 'Total' },
  advances: { id: 'overrides.contracts.billAdvances', defaultMessage: 'Advances paid' },
  amountDue: { id: 'overrides.contracts.billAmountDue', defaultMessage: 'Amount due' },
  refund: { id: 'overrides.contracts.billRefund', defaultMessage: 'Refund' },
  unitMWh: { id: 'overrides.contracts.unit.MWh', defaultMessage: 'MWh' },
  unitMonth: { id: 'overrides.contracts.unit.month', defaultMessage: 'months' },
  unitAmonth: { id: 'overrides.contracts.unit.Amonth', defaultMessage: 'A·months' },
});
