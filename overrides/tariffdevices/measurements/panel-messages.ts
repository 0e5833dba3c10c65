/**
 * The measurements panel's title and loading state (ids in overrides/tariffdevices/cs.json and
 * en.json): apart from messages.ts, which only the panel's own code (loaded with it) imports,
 * so that the registry chunk carries just these.
 */
import { defineMessages } from 'react-intl';

export const panelMessages = defineMessages({
  title: { id: 'overrides.tariffdevices.measurements.title', defaultMessage: 'Measurements' },
  loading: {
    id: 'overrides.tariffdevices.measurements.loading',
    defaultMessage: 'Loading measurements…',
  },
});
