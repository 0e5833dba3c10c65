/**
 * The `app.resources.*` messages of the runtime (docs/architecture.md "Conventions": messages). Czech and English
 * texts live in `locales/cs.json` and `locales/en.json`; `defaultMessage` is the English
 * text, used only when a catalogue lacks the id.
 */
import { defineMessages } from 'react-intl';

/** Message descriptors of the runtime, for `intl.formatMessage`. */
export const messages = defineMessages({
  search: { id: 'app.resources.search', defaultMessage: 'Search' },
  create: { id: 'app.resources.create', defaultMessage: 'New' },
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
  filters: {
    id: 'app.resources.filters',
    defaultMessage: '{count, plural, =0 {Filters} other {Filters ({count})}}',
  },
  clearFilters: { id: 'app.resources.clearFilters', defaultMessage: 'Clear filters' },
  columns: { id: 'app.resources.columns', defaultMessage: 'Columns' },
  exportCsv: { id: 'app.resources.exportCsv', defaultMessage: 'Export CSV' },
  exportFailed: { id: 'app.resources.exportFailed', defaultMessage: 'The export failed.' },
  selectRow: { id: 'app.resources.selectRow', defaultMessage: 'Select' },
  selectPage: { id: 'app.resources.selectPage', defaultMessage: 'Select all on this page' },
  selectedCount: {
    id: 'app.resources.selectedCount',
    defaultMessage: '{count, plural, one {# selected} other {# selected}}',
  },
  selectMatching: {
    id: 'app.resources.selectMatching',
    defaultMessage: 'Select all {count} matching',
  },
  clearSelection: { id: 'app.resources.clearSelection', defaultMessage: 'Clear selection' },
  bulkDelete: { id: 'app.resources.bulkDelete', defaultMessage: 'Delete' },
  bulkBack: { id: 'app.resources.bulkBack', defaultMessage: 'Back' },
  bulkClose: { id: 'app.resources.bulkClose', defaultMessage: 'Close' },
  bulkConfirm: {
    id: 'app.resources.bulkConfirm',
    defaultMessage:
      '{action} {count, plural, one {# selected record} other {# selected records}} ({resource})?',
  },
  bulkDone: {
    id: 'app.resources.bulkDone',
    defaultMessage: '{action}: {done} of {count} done.',
  },
  bulkRefused: {
    id: 'app.resources.bulkRefused',
    defaultMessage: 'Refused ({count})',
  },
  bulkProgress: { id: 'app.resources.bulkProgress', defaultMessage: '{done} of {count} done' },
  bulkStop: { id: 'app.resources.bulkStop', defaultMessage: 'Stop' },
  bulkStopped: {
    id: 'app.resources.bulkStopped',
    defaultMessage:
      'Stopped: {count, plural, one {# record was} other {# records were}} not reached.',
  },
  bulkRecord: { id: 'app.resources.bulkRecord', defaultMessage: 'Record' },
  bulkReason: { id: 'app.resources.bulkReason', defaultMessage: 'Reason' },
  bulkFailed: { id: 'app.resources.bulkFailed', defaultMessage: 'The action failed.' },
  bulkRefusedFallback: {
    id: 'app.resources.bulkRefusedFallback',
    defaultMessage: 'The change could not be made.',
  },
  views: { id: 'app.resources.views', defaultMessage: 'Views' },
  viewsNone: { id: 'app.resources.viewsNone', defaultMessage: 'No saved views yet' },
  viewShared: { id: 'app.resources.viewShared', defaultMessage: 'shared' },
  viewDelete: { id: 'app.resources.viewDelete', defaultMessage: 'Delete the view {name}' },
  viewName: { id: 'app.resources.viewName', defaultMessage: 'Save this view as' },
  viewShareWith: { id: 'app.resources.viewShareWith', defaultMessage: 'Share with roles' },
  viewSave: { id: 'app.resources.viewSave', defaultMessage: 'Save view' },
  viewSaveFailed: {
    id: 'app.resources.viewSaveFailed',
    defaultMessage: 'The view could not be saved.',
  },
  bulkTooMany: {
    id: 'app.resources.bulkTooMany',
    defaultMessage: 'At most {max} records can be changed at once.',
  },
});
