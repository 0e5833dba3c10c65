/**
 * The `app.resources.*` messages of the runtime (STYLE.md convention 10). Czech and English
 * texts live in `locales/cs.json` and `locales/en.json`; `defaultMessage` is the English
 * text, used only when a catalogue lacks the id.
 */
import { defineMessages } from 'react-intl';

/** Message descriptors of the runtime, for `intl.formatMessage`. */
export const messages = defineMessages({
  search: { id: 'app.resources.search', defaultMessage: 'Search' },
  create: { id: 'app.resources.create', defaultMessage: 'New' },
  createRelated: { id: 'app.resources.createRelated', defaultMessage: 'New: {resource}' },
  empty: { id: 'app.resources.empty', defaultMessage: 'No records' },
  loading: { id: 'app.resources.loading', defaultMessage: 'Loading…' },
  loadError: { id: 'app.resources.loadError', defaultMessage: 'The records could not be loaded.' },
  retry: { id: 'app.resources.retry', defaultMessage: 'Retry' },
  pageSize: { id: 'app.resources.pageSize', defaultMessage: 'Rows per page' },
  pageSizeAll: { id: 'app.resources.pageSizeAll', defaultMessage: 'All' },
  pageInfo: { id: 'app.resources.pageInfo', defaultMessage: '{from}–{to} of {count}' },
  previousPage: { id: 'app.resources.previousPage', defaultMessage: 'Previous page' },
  nextPage: { id: 'app.resources.nextPage', defaultMessage: 'Next page' },
  pageOf: { id: 'app.resources.pageOf', defaultMessage: 'Page {page} of {pages}' },
  yes: { id: 'app.resources.yes', defaultMessage: 'Yes' },
  no: { id: 'app.resources.no', defaultMessage: 'No' },
  createTitle: { id: 'app.resources.createTitle', defaultMessage: '{resource}: new record' },
  editTitle: { id: 'app.resources.editTitle', defaultMessage: '{resource}: {name}' },
  save: { id: 'app.resources.save', defaultMessage: 'Save' },
  cancel: { id: 'app.resources.cancel', defaultMessage: 'Cancel' },
  close: { id: 'app.resources.close', defaultMessage: 'Close' },
  delete: { id: 'app.resources.delete', defaultMessage: 'Delete' },
  deleteConfirm: { id: 'app.resources.deleteConfirm', defaultMessage: 'Delete {name}?' },
  deleteFailed: {
    id: 'app.resources.deleteFailed',
    defaultMessage: 'The record could not be deleted.',
  },
  saveFailed: { id: 'app.resources.saveFailed', defaultMessage: 'The record could not be saved.' },
  recordLoadError: {
    id: 'app.resources.recordLoadError',
    defaultMessage: 'The record could not be loaded.',
  },
  networkError: {
    id: 'app.resources.networkError',
    defaultMessage: 'The server cannot be reached. Nothing you entered is lost; try again.',
  },
  conflict: {
    id: 'app.resources.conflict',
    defaultMessage: 'Someone else changed this record meanwhile',
  },
  conflictHelp: {
    id: 'app.resources.conflictHelp',
    defaultMessage: 'Current values on the server next to yours:',
  },
  conflictField: { id: 'app.resources.conflictField', defaultMessage: 'Field' },
  conflictServer: { id: 'app.resources.conflictServer', defaultMessage: 'On the server now' },
  conflictYours: { id: 'app.resources.conflictYours', defaultMessage: 'Yours' },
  reapply: {
    id: 'app.resources.reapply',
    defaultMessage: 'Reapply my changes to the current version',
  },
  discardTitle: { id: 'app.resources.discardTitle', defaultMessage: 'Discard unsaved changes?' },
  discard: { id: 'app.resources.discard', defaultMessage: 'Discard' },
  keepEditing: { id: 'app.resources.keepEditing', defaultMessage: 'Keep editing' },
  dateFormat: { id: 'app.resources.dateFormat', defaultMessage: 'Date must be in {format}' },
  datePattern: { id: 'app.resources.datePattern', defaultMessage: 'YYYY-MM-DD' },
  datetimeFormat: {
    id: 'app.resources.datetimeFormat',
    defaultMessage: 'Date and time must be in {format}',
  },
  datetimePattern: { id: 'app.resources.datetimePattern', defaultMessage: 'YYYY-MM-DD HH:MM' },
  invalidNumber: { id: 'app.resources.invalidNumber', defaultMessage: 'Enter a number' },
  required: { id: 'app.resources.required', defaultMessage: 'This field is required.' },
  maxLength: {
    id: 'app.resources.maxLength',
    defaultMessage: 'At most {limit, plural, one {# character} other {# characters}}.',
  },
  minLength: {
    id: 'app.resources.minLength',
    defaultMessage: 'At least {limit, plural, one {# character} other {# characters}}.',
  },
  maximum: { id: 'app.resources.maximum', defaultMessage: 'At most {limit}.' },
  minimum: { id: 'app.resources.minimum', defaultMessage: 'At least {limit}.' },
  invalidEmail: {
    id: 'app.resources.invalidEmail',
    defaultMessage: 'Enter a valid e-mail address.',
  },
  invalidValue: { id: 'app.resources.invalidValue', defaultMessage: 'Enter a valid value.' },
  noOptions: { id: 'app.resources.noOptions', defaultMessage: 'Nothing found' },
  pickerSearching: { id: 'app.resources.pickerSearching', defaultMessage: 'Searching…' },
  clear: { id: 'app.resources.clear', defaultMessage: 'Clear' },
  remove: { id: 'app.resources.remove', defaultMessage: 'Remove {name}' },
  noChoice: { id: 'app.resources.noChoice', defaultMessage: '—' },
  filters: {
    id: 'app.resources.filters',
    defaultMessage: '{count, plural, =0 {Filters} other {Filters ({count})}}',
  },
  clearFilters: { id: 'app.resources.clearFilters', defaultMessage: 'Clear filters' },
  filterAny: { id: 'app.resources.filterAny', defaultMessage: 'Any' },
  filterFrom: { id: 'app.resources.filterFrom', defaultMessage: '{field} from' },
  filterTo: { id: 'app.resources.filterTo', defaultMessage: '{field} to' },
  columns: { id: 'app.resources.columns', defaultMessage: 'Columns' },
  moveColumnUp: { id: 'app.resources.moveColumnUp', defaultMessage: 'Move {name} up' },
  moveColumnDown: { id: 'app.resources.moveColumnDown', defaultMessage: 'Move {name} down' },
  resetColumns: { id: 'app.resources.resetColumns', defaultMessage: 'Reset to defaults' },
  exportCsv: { id: 'app.resources.exportCsv', defaultMessage: 'Export CSV' },
  exportFailed: { id: 'app.resources.exportFailed', defaultMessage: 'The export failed.' },
});
