/** Messages of the fuse range widget and columns (ids in overrides/fuses/cs.json and en.json). */
import { defineMessages } from 'react-intl';

/** The fuse range's texts; `fuseRange.*` are shared with the tariffs override (overrides/tariffs). */
export const fuseRangeMessages = defineMessages({
  from: { id: 'overrides.fuseRange.from', defaultMessage: 'From (A)' },
  to: { id: 'overrides.fuseRange.to', defaultMessage: 'To (A)' },
  preview: { id: 'overrides.fuseRange.preview', defaultMessage: 'Range' },
  negative: {
    id: 'overrides.fuseRange.negative',
    defaultMessage: 'A fuse current cannot be negative',
  },
  reversed: {
    id: 'overrides.fuseRange.reversed',
    defaultMessage: '“From” must not be greater than “to”',
  },
  onePhase: { id: 'overrides.fuses.onePhase', defaultMessage: 'Main fuse, 1 phase' },
  threePhase: { id: 'overrides.fuses.threePhase', defaultMessage: 'Main fuse, 3 phases' },
});
