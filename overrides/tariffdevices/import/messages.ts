/** Messages of "Import readings" (ids in overrides/tariffdevices/cs.json and en.json). */
import { defineMessages } from 'react-intl';

export const importMessages = defineMessages({
  title: { id: 'overrides.import.title', defaultMessage: 'Import readings from a file' },
  close: { id: 'overrides.import.close', defaultMessage: 'Close' },
  help: {
    id: 'overrides.import.help',
    defaultMessage:
      'A CSV file with a row per reading: the device (serial number or the EAN of its consumption point), the time, and the registers HT (1.8.1), LT (1.8.2) and production (2.8.0) in kWh. Separated by ; or , with a decimal comma or point. Times without a zone are read in your time zone ({zone}).',
  },
  chooseFile: { id: 'overrides.import.chooseFile', defaultMessage: 'CSV file' },
  browse: { id: 'overrides.import.browse', defaultMessage: 'Browse' },
  noFile: { id: 'overrides.import.noFile', defaultMessage: 'Choose a file…' },
  unreadable: {
    id: 'overrides.import.unreadable',
    defaultMessage: 'The file cannot be read as CSV.',
  },
  fileSummary: {
    id: 'overrides.import.fileSummary',
    defaultMessage: '{name}: {size}, {encoding}, separated by {delimiter}',
  },
  semicolon: { id: 'overrides.import.semicolon', defaultMessage: 'semicolons' },
  comma: { id: 'overrides.import.comma', defaultMessage: 'commas' },
  tab: { id: 'overrides.import.tab', defaultMessage: 'tabs' },
  columnsTitle: { id: 'overrides.import.columnsTitle', defaultMessage: 'Columns found' },
  headerless: {
    id: 'overrides.import.headerless',
    defaultMessage:
      'No header row: the columns are read in the order device, time, HT, LT, production.',
  },
  columnOf: { id: 'overrides.import.columnOf', defaultMessage: 'column {number}' },
  missing: {
    id: 'overrides.import.missing',
    defaultMessage: 'The file lacks these columns: {columns}.',
  },
  previewTitle: {
    id: 'overrides.import.previewTitle',
    defaultMessage: 'The first rows as they will be sent',
  },
  roleSerial: { id: 'overrides.import.role.serial', defaultMessage: 'Serial number' },
  roleEan: { id: 'overrides.import.role.ean', defaultMessage: 'EAN' },
  roleDevice: { id: 'overrides.import.role.device', defaultMessage: 'Device' },
  roleTime: { id: 'overrides.import.role.time', defaultMessage: 'Time' },
  roleHigh: { id: 'overrides.import.role.high', defaultMessage: 'HT 1.8.1 (kWh)' },
  roleLow: { id: 'overrides.import.role.low', defaultMessage: 'LT 1.8.2 (kWh)' },
  roleProduction: {
    id: 'overrides.import.role.production',
    defaultMessage: 'Production 2.8.0 (kWh)',
  },
  row: { id: 'overrides.import.row', defaultMessage: 'Row' },
  check: { id: 'overrides.import.check', defaultMessage: 'Check' },
  checking: {
    id: 'overrides.import.checking',
    defaultMessage: 'Checking the rows with the server (nothing is stored yet)…',
  },
  checkingProgress: {
    id: 'overrides.import.checkingProgress',
    defaultMessage:
      'Checking the rows with the server (nothing is stored yet): {done, number} so far…',
  },
  checkFailed: {
    id: 'overrides.import.checkFailed',
    defaultMessage:
      'The rows could not be checked with the server; the import still judges each row.',
  },
  checkedSummary: {
    id: 'overrides.import.checkedSummary',
    defaultMessage:
      '{checked, plural, one {The # row} other {All # rows}} checked before importing: {refused, plural, =0 {none refused} one {# refused} other {# refused}}, {toCheck, plural, =0 {none to check} one {# to check} other {# to check}}.',
  },
  refusedTag: { id: 'overrides.import.refusedTag', defaultMessage: 'Refused' },
  toCheckTag: { id: 'overrides.import.toCheckTag', defaultMessage: 'To check' },
  fine: { id: 'overrides.import.fine', defaultMessage: 'OK' },
  reason: { id: 'overrides.import.reason', defaultMessage: 'Reason' },
  start: { id: 'overrides.import.start', defaultMessage: 'Import' },
  another: { id: 'overrides.import.another', defaultMessage: 'Choose another file' },
  cancel: { id: 'overrides.import.cancel', defaultMessage: 'Cancel import' },
  progressLabel: { id: 'overrides.import.progressLabel', defaultMessage: 'Import progress' },
  progress: {
    id: 'overrides.import.progress',
    defaultMessage:
      '{read, number} rows read: {created, number} created, {unchanged, number} unchanged, {refused, number} refused',
  },
  created: { id: 'overrides.import.created', defaultMessage: 'Created' },
  unchanged: { id: 'overrides.import.unchanged', defaultMessage: 'Unchanged' },
  refused: { id: 'overrides.import.refused', defaultMessage: 'Refused' },
  done: { id: 'overrides.import.done', defaultMessage: 'The import is finished.' },
  cancelled: {
    id: 'overrides.import.cancelled',
    defaultMessage:
      'The import was cancelled. What the server had already taken stays; importing the file again adds the rest without duplicates.',
  },
  failed: {
    id: 'overrides.import.failed',
    defaultMessage:
      'The import stopped at row {row}: {reason} Importing the file again goes on without duplicates.',
  },
  failedNoRow: {
    id: 'overrides.import.failedNoRow',
    defaultMessage: 'The import stopped: {reason}',
  },
  unended: {
    id: 'overrides.import.unended',
    defaultMessage: 'row {row} of the file does not end (an unclosed quote?).',
  },
  serverError: {
    id: 'overrides.import.serverError',
    defaultMessage: 'the server refused the request.',
  },
  networkError: {
    id: 'overrides.import.networkError',
    defaultMessage: 'the server could not be reached.',
  },
  refusedTitle: { id: 'overrides.import.refusedTitle', defaultMessage: 'Refused rows' },
  refusedShown: {
    id: 'overrides.import.refusedShown',
    defaultMessage:
      'The first {shown, number} of {total, number} refused rows; the download has {kept, number}.',
  },
  download: { id: 'overrides.import.download', defaultMessage: 'Download refused rows (CSV)' },
  refusedFile: { id: 'overrides.import.refusedFile', defaultMessage: 'refused-readings' },
});
