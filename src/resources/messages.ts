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
});
