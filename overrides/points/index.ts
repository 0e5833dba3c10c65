/**
 * Consumption points (issue 13 "Consumption point"): the point dialog shows its
 * specifications as a timeline with "New specification from …" (see
 * `specifications-timeline.tsx`, loaded when the panel first shows).
 */
import { lazyComponent, type ResourceOverride } from '../../src/resources';
import { timelineMessages } from './messages';
import { hasValidityPeriods, SPECIFICATIONS } from './validity-periods';

/** The points override. */
export const pointsOverride: ResourceOverride = {
  panels: [
    {
      id: 'specifications',
      title: timelineMessages.title.id,
      replaces: SPECIFICATIONS,
      available: hasValidityPeriods,
      component: lazyComponent(() =>
        import('./specifications-timeline').then((module) => module.SpecificationsTimeline),
      ),
    },
  ],
};
