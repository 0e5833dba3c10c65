/**
 * The `app.resources.*` messages of the runtime's code that loads on first use: the
 * dialogs (form, validation, history, related lists), the filter bar and the column
 * chooser's popover. Apart from `messages.ts` (what a list page shows at once), so that
 * their ids load with that code, not with every list page (docs/architecture.md "How the
 * pages stay small"). Czech and English texts live in `locales/cs.json` and `en.json`, which join
 * the catalogue with that code (registry/lazy-messages.ts; `npm run check:messages` keeps
 * the file to exactly these ids).
 */
import { defineMessages } from 'react-intl';

/** Message descriptors of the code loaded on first use, for `intl.formatMessage`. */
export const dialogMessages = defineMessages({
  createRelated: { id: 'app.resources.createRelated', defaultMessage: 'New: {resource}' },
  createTitle: { id: 'app.resources.createTitle', defaultMessage: '{resource}: new record' },
  editTitle: { id: 'app.resources.editTitle', defaultMessage: '{resource}: {name}' },
  historyOf: { id: 'app.resources.historyOf', defaultMessage: '{resource} {name}' },
  historyTitle: { id: 'app.resources.historyTitle', defaultMessage: 'History: {name}' },
  saveAndContinue: { id: 'app.resources.saveAndContinue', defaultMessage: 'Save and continue' },
  trail: { id: 'app.resources.trail', defaultMessage: 'Opened from' },
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
  errorCount: {
    id: 'app.resources.errorCount',
    defaultMessage: '{count, plural, one {# error} other {# errors}} to fix before saving',
  },
  storedAs: { id: 'app.resources.storedAs', defaultMessage: 'Stored as {value}' },
  storedAsEmpty: { id: 'app.resources.storedAsEmpty', defaultMessage: 'Stored empty' },
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
  datePattern: { id: 'app.resources.datePattern', defaultMessage: 'YYYY-MM-DD' },
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
  invalidFormat: {
    id: 'app.resources.invalidFormat',
    defaultMessage: 'The value is not in the expected format.',
  },
  noOptions: { id: 'app.resources.noOptions', defaultMessage: 'Nothing found' },
  pickerSearching: { id: 'app.resources.pickerSearching', defaultMessage: 'Searching…' },
  clear: { id: 'app.resources.clear', defaultMessage: 'Clear' },
  remove: { id: 'app.resources.remove', defaultMessage: 'Remove {name}' },
  noChoice: { id: 'app.resources.noChoice', defaultMessage: '—' },
  includesAll: { id: 'app.resources.includesAll', defaultMessage: 'everything' },
  filterAny: { id: 'app.resources.filterAny', defaultMessage: 'Any' },
  filterFrom: { id: 'app.resources.filterFrom', defaultMessage: '{field} from' },
  filterTo: { id: 'app.resources.filterTo', defaultMessage: '{field} to' },
  boundFrom: { id: 'app.resources.boundFrom', defaultMessage: 'from' },
  boundTo: { id: 'app.resources.boundTo', defaultMessage: 'to' },
  moveColumnUp: { id: 'app.resources.moveColumnUp', defaultMessage: 'Move {name} up' },
  moveColumnDown: { id: 'app.resources.moveColumnDown', defaultMessage: 'Move {name} down' },
  resetColumns: { id: 'app.resources.resetColumns', defaultMessage: 'Reset to defaults' },
  history: { id: 'app.resources.history', defaultMessage: 'History' },
  historyEmpty: { id: 'app.resources.historyEmpty', defaultMessage: 'No changes recorded' },
  historyLoadError: {
    id: 'app.resources.historyLoadError',
    defaultMessage: 'The history could not be loaded.',
  },
  historyCreate: { id: 'app.resources.historyCreate', defaultMessage: 'Created' },
  historyUpdate: { id: 'app.resources.historyUpdate', defaultMessage: 'Changed' },
  historyDelete: { id: 'app.resources.historyDelete', defaultMessage: 'Deleted' },
  historyExport: { id: 'app.resources.historyExport', defaultMessage: 'Personal data exported' },
  historyAnonymise: { id: 'app.resources.historyAnonymise', defaultMessage: 'Anonymised' },
  historyBy: {
    id: 'app.resources.historyBy',
    defaultMessage: '{action} by {user} on {at}',
  },
  historySystem: { id: 'app.resources.historySystem', defaultMessage: 'the system' },
  historyField: { id: 'app.resources.historyField', defaultMessage: 'Field' },
  historyBefore: { id: 'app.resources.historyBefore', defaultMessage: 'Before' },
  historyAfter: { id: 'app.resources.historyAfter', defaultMessage: 'After' },
  historyOlder: { id: 'app.resources.historyOlder', defaultMessage: 'Show older changes' },
});
