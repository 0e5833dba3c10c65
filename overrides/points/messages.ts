/** Messages of the consumption points override. */
import { defineMessages } from 'react-intl';

export const timelineMessages = defineMessages({
  timeline: { id: 'overrides.points.timeline', defaultMessage: 'Specifications over time' },
  inForce: { id: 'overrides.points.inForce', defaultMessage: 'In force' },
  validRange: { id: 'overrides.points.validRange', defaultMessage: '{from} – {to}' },
  validOpen: { id: 'overrides.points.validOpen', defaultMessage: 'from {from}' },
  production: { id: 'overrides.points.production', defaultMessage: 'Production' },
  newFrom: { id: 'overrides.points.newFrom', defaultMessage: 'New specification from' },
  create: {
    id: 'overrides.points.create',
    defaultMessage: 'Copy the one in force from this day',
  },
  createEmpty: { id: 'overrides.points.createEmpty', defaultMessage: 'New specification' },
  closesOld: {
    id: 'overrides.points.closesOld',
    defaultMessage: 'Saving it closes the specification in force the day before ({day}).',
  },
  none: { id: 'overrides.points.none', defaultMessage: 'No specifications yet.' },
  loading: { id: 'overrides.points.loading', defaultMessage: 'Loading specifications' },
  failed: {
    id: 'overrides.points.failed',
    defaultMessage: 'The specifications could not be loaded.',
  },
  open: { id: 'overrides.points.open', defaultMessage: 'Open the specification of {validity}' },
});
