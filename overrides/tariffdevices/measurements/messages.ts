/** Messages of the measurements panel (ids in overrides/tariffdevices/cs.json and en.json). */
import { defineMessages } from 'react-intl';

const P = 'overrides.tariffdevices.measurements';

/** The panel's texts; amounts are `{value} kWh` with the value already formatted. */
export const measurementMessages = defineMessages({
  loadError: { id: `${P}.loadError`, defaultMessage: 'The measurements could not be loaded.' },
  retry: { id: `${P}.retry`, defaultMessage: 'Try again' },
  kwh: { id: `${P}.kwh`, defaultMessage: '{value} kWh' },
  mwh: { id: `${P}.mwh`, defaultMessage: '{value} MWh' },
  unit: { id: `${P}.unit`, defaultMessage: 'Unit' },
  unknown: { id: `${P}.unknown`, defaultMessage: 'unknown' },
  collector: { id: `${P}.collector`, defaultMessage: 'Collector' },
  noCollector: { id: `${P}.noCollector`, defaultMessage: 'none' },
  lastSeen: { id: `${P}.lastSeen`, defaultMessage: 'Last seen' },
  neverSeen: { id: `${P}.neverSeen`, defaultMessage: 'never' },
  calibration: { id: `${P}.calibration`, defaultMessage: 'Calibration due' },
  pastDue: { id: `${P}.pastDue`, defaultMessage: 'Past due' },
  // Table
  tableLabel: { id: `${P}.tableLabel`, defaultMessage: 'Readings, newest first' },
  timestamp: { id: `${P}.timestamp`, defaultMessage: 'Read at' },
  high: { id: `${P}.high`, defaultMessage: 'High tariff (HT)' },
  low: { id: `${P}.low`, defaultMessage: 'Low tariff (LT)' },
  production: { id: `${P}.production`, defaultMessage: 'Production' },
  sincePrevious: { id: `${P}.sincePrevious`, defaultMessage: 'Consumption since previous' },
  noReadings: { id: `${P}.noReadings`, defaultMessage: 'No readings yet.' },
  toCheck: { id: `${P}.toCheck`, defaultMessage: 'To check' },
  toCheckTitle: {
    id: `${P}.toCheckTitle`,
    defaultMessage:
      'Its consumption since the previous reading is implausible: it is not billed until confirmed or corrected.',
  },
  toCheckList: { id: `${P}.toCheckList`, defaultMessage: 'Readings to check' },
  newer: { id: `${P}.newer`, defaultMessage: 'Newer' },
  older: { id: `${P}.older`, defaultMessage: 'Older' },
  // Chart
  chartLabel: { id: `${P}.chartLabel`, defaultMessage: 'Consumption per {bucket}' },
  period: { id: `${P}.period`, defaultMessage: 'Period' },
  latest: { id: `${P}.latest`, defaultMessage: '30 days up to the latest reading' },
  last30: { id: `${P}.last30`, defaultMessage: 'Last 30 days' },
  thisYear: { id: `${P}.thisYear`, defaultMessage: 'This year' },
  lastYear: { id: `${P}.lastYear`, defaultMessage: 'Last year' },
  custom: { id: `${P}.custom`, defaultMessage: 'Custom' },
  from: { id: `${P}.from`, defaultMessage: 'From' },
  to: { id: `${P}.to`, defaultMessage: 'To' },
  bucket: { id: `${P}.bucket`, defaultMessage: 'Bucket' },
  day: { id: `${P}.day`, defaultMessage: 'Day' },
  week: { id: `${P}.week`, defaultMessage: 'Week' },
  month: { id: `${P}.month`, defaultMessage: 'Month' },
  bucketDay: { id: `${P}.bucketDay`, defaultMessage: 'day' },
  bucketWeek: { id: `${P}.bucketWeek`, defaultMessage: 'week' },
  bucketMonth: { id: `${P}.bucketMonth`, defaultMessage: 'month' },
  badPeriod: {
    id: `${P}.badPeriod`,
    defaultMessage: 'Choose a period whose start is not after its end.',
  },
  tooLong: {
    id: `${P}.tooLong`,
    defaultMessage: 'This period is too long for daily bars: choose weeks or months.',
  },
  chartError: { id: `${P}.chartError`, defaultMessage: 'The consumption could not be loaded.' },
  chartEmpty: { id: `${P}.chartEmpty`, defaultMessage: 'No consumption in this period.' },
  chartSummary: {
    id: `${P}.chartSummary`,
    defaultMessage: 'Consumption per bucket (table)',
  },
  bucketStart: { id: `${P}.bucketStart`, defaultMessage: 'From' },
  // Form
  addTitle: { id: `${P}.addTitle`, defaultMessage: 'Add a reading' },
  add: { id: `${P}.add`, defaultMessage: 'Add reading' },
  added: { id: `${P}.added`, defaultMessage: 'The reading was added.' },
  required: { id: `${P}.required`, defaultMessage: 'This field is required.' },
  badNumber: {
    id: `${P}.badNumber`,
    defaultMessage: 'Enter kWh as a number with at most 3 decimal places, e.g. 1234.5.',
  },
  badTime: { id: `${P}.badTime`, defaultMessage: 'Enter a date and time.' },
  saveError: { id: `${P}.saveError`, defaultMessage: 'The reading could not be saved.' },
});
