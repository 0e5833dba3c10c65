/**
 * The invoices list's "Overdue only" filter (docs/billing.md "Standing"): the list's own
 * query parameter `overdue=true` (issued, something due, not paid in full, past the due
 * date today). Overdue depends on the day, so it is no stored field the generic filters
 * could offer.
 */
import { defineMessages, useIntl } from 'react-intl';
import { FormGroup, Switch } from '@blueprintjs/core';
import type { ListFilterProps } from '../../src/resources';

const overdueMessages = defineMessages({
  overdue: { id: 'overrides.invoices.overdueOnly', defaultMessage: 'Overdue only' },
});

/** The filter's control (`invoicesOverride.listFilters` loads it with the filter bar). */
export function OverdueFilter({ value, onChange }: ListFilterProps) {
  const intl = useIntl();
  return (
    <FormGroup>
      <Switch
        label={intl.formatMessage(overdueMessages.overdue)}
        checked={value === 'true'}
        onChange={(event) => onChange(event.currentTarget.checked ? 'true' : '')}
      />
    </FormGroup>
  );
}
