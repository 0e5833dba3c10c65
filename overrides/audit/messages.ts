/** Messages of the audit log page (ids in overrides/audit/cs.json and en.json). */
import { defineMessages } from 'react-intl';

export const auditMessages = defineMessages({
  title: { id: 'overrides.audit.title', defaultMessage: 'Audit log' },
  help: {
    id: 'overrides.audit.help',
    defaultMessage: 'Every recorded change, newest first: who made it, when, and what changed.',
  },
  filters: { id: 'overrides.audit.filters', defaultMessage: 'Filters' },
  actor: { id: 'overrides.audit.actor', defaultMessage: 'Who' },
  anyone: { id: 'overrides.audit.anyone', defaultMessage: 'Anyone' },
  actorNumber: { id: 'overrides.audit.actorNumber', defaultMessage: 'User #{id}' },
  action: { id: 'overrides.audit.action', defaultMessage: 'Action' },
  anyAction: { id: 'overrides.audit.anyAction', defaultMessage: 'Any action' },
  recordType: { id: 'overrides.audit.recordType', defaultMessage: 'Record type' },
  anyRecordType: { id: 'overrides.audit.anyRecordType', defaultMessage: 'Any record type' },
  period: { id: 'overrides.audit.period', defaultMessage: 'Time' },
  clear: { id: 'overrides.audit.clear', defaultMessage: 'Clear filters' },
  count: {
    id: 'overrides.audit.count',
    defaultMessage: '{count, plural, one {# change} other {# changes}}',
  },
  empty: { id: 'overrides.audit.empty', defaultMessage: 'No change matches the filters' },
  loadError: {
    id: 'overrides.audit.loadError',
    defaultMessage: 'The audit log could not be loaded.',
  },
  retry: { id: 'overrides.audit.retry', defaultMessage: 'Try again' },
  loading: { id: 'overrides.audit.loading', defaultMessage: 'Loading the audit log' },
  newer: { id: 'overrides.audit.newer', defaultMessage: 'Newer' },
  older: { id: 'overrides.audit.older', defaultMessage: 'Older' },
  page: { id: 'overrides.audit.page', defaultMessage: 'Page {page} of {pages}' },
  create: { id: 'overrides.audit.create', defaultMessage: 'Created' },
  update: { id: 'overrides.audit.update', defaultMessage: 'Changed' },
  delete: { id: 'overrides.audit.delete', defaultMessage: 'Deleted' },
  export: { id: 'overrides.audit.export', defaultMessage: 'Personal data exported' },
  anonymise: { id: 'overrides.audit.anonymise', defaultMessage: 'Anonymised' },
});
