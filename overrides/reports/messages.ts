/** Messages of the reports page (ids in overrides/reports/cs.json and en.json). */
import { defineMessages } from 'react-intl';

export const reportMessages = defineMessages({
  title: { id: 'overrides.reports.title', defaultMessage: 'Reports' },
  billingTotals: { id: 'overrides.reports.billingTotals', defaultMessage: 'Billing totals' },
  consumptionByRate: {
    id: 'overrides.reports.consumptionByRate',
    defaultMessage: 'Consumption by distribution rate',
  },
  pointsWithoutReading: {
    id: 'overrides.reports.pointsWithoutReading',
    defaultMessage: 'Points without a reading',
  },
  billingTotalsHelp: {
    id: 'overrides.reports.billingTotalsHelp',
    defaultMessage:
      'Lines of issued invoices summed per month of the taxable supply date and item, CZK without VAT.',
  },
  consumptionHelp: {
    id: 'overrides.reports.consumptionHelp',
    defaultMessage:
      'High and low tariff consumption per month and distribution rate in force, MWh, from the meter readings.',
  },
  silentHelp: {
    id: 'overrides.reports.silentHelp',
    defaultMessage:
      'Consumption points in force today whose meter has not been read in the last {days} days.',
  },
  fromMonth: { id: 'overrides.reports.fromMonth', defaultMessage: 'From month' },
  toMonth: { id: 'overrides.reports.toMonth', defaultMessage: 'To month' },
  days: { id: 'overrides.reports.days', defaultMessage: 'Days without a reading' },
  exportCsv: { id: 'overrides.reports.exportCsv', defaultMessage: 'Export CSV' },
  loading: { id: 'overrides.reports.loading', defaultMessage: 'Loading the report…' },
  failed: {
    id: 'overrides.reports.failed',
    defaultMessage: 'The report could not be loaded: {detail}',
  },
  empty: { id: 'overrides.reports.empty', defaultMessage: 'Nothing to report for these months.' },
  noSilent: {
    id: 'overrides.reports.noSilent',
    defaultMessage: 'Every point in force has a reading in the last {days} days.',
  },
  month: { id: 'overrides.reports.month', defaultMessage: 'Month' },
  kind: { id: 'overrides.reports.kind', defaultMessage: 'Item' },
  invoices: { id: 'overrides.reports.invoices', defaultMessage: 'Invoices' },
  amount: { id: 'overrides.reports.amount', defaultMessage: 'Amount (CZK)' },
  rate: { id: 'overrides.reports.rate', defaultMessage: 'Distribution rate' },
  htMwh: { id: 'overrides.reports.htMwh', defaultMessage: 'High tariff (MWh)' },
  ltMwh: { id: 'overrides.reports.ltMwh', defaultMessage: 'Low tariff (MWh)' },
  totalMwh: { id: 'overrides.reports.totalMwh', defaultMessage: 'Total (MWh)' },
  devices: { id: 'overrides.reports.devices', defaultMessage: 'Meters' },
  ean: { id: 'overrides.reports.ean', defaultMessage: 'EAN' },
  pointName: { id: 'overrides.reports.pointName', defaultMessage: 'Point' },
  contract: { id: 'overrides.reports.contract', defaultMessage: 'Contract' },
  device: { id: 'overrides.reports.device', defaultMessage: 'Meter' },
  lastReading: { id: 'overrides.reports.lastReading', defaultMessage: 'Last reading' },
  daysSince: { id: 'overrides.reports.daysSince', defaultMessage: 'Days since' },
  never: { id: 'overrides.reports.never', defaultMessage: 'never' },
  noMeter: { id: 'overrides.reports.noMeter', defaultMessage: 'no meter' },
  count: {
    id: 'overrides.reports.count',
    defaultMessage: '{count, plural, one {# point} other {# points}} (showing {shown})',
  },
  points: { id: 'overrides.reports.points', defaultMessage: 'Points' },
  chartBilling: {
    id: 'overrides.reports.chartBilling',
    defaultMessage: 'Chart of billing totals per month and item, CZK',
  },
  chartConsumption: {
    id: 'overrides.reports.chartConsumption',
    defaultMessage: 'Chart of consumption per month and distribution rate, MWh',
  },
  chartSilent: {
    id: 'overrides.reports.chartSilent',
    defaultMessage: 'Chart of the points without a reading by the month of their last reading',
  },
  czk: { id: 'overrides.reports.czk', defaultMessage: '{value} CZK' },
  mwh: { id: 'overrides.reports.mwh', defaultMessage: '{value} MWh' },
});
