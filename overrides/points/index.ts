/**
 * Consumption points (docs/product.md): the point dialog shows its
 * specifications as a timeline with "New specification from …" (see
 * `specifications-timeline.tsx`, loaded when the panel first shows).
 */
import { lazyComponent, type ResourceOverride } from '../../src/resources';
import { defineMessages } from 'react-intl';
import { hasValidityPeriods, SPECIFICATIONS } from './validity-periods';

/** The panel's title (its other texts, in messages.ts, load with the panel). */
const panelMessages = defineMessages({
  title: { id: 'overrides.points.specifications', defaultMessage: 'Specifications' },
});

/** The points override. */
export const pointsOverride: ResourceOverride = {
  panels: [
    {
      id: 'specifications',
      title: panelMessages.title.id,
      replaces: SPECIFICATIONS,
      available: hasValidityPeriods,
      component: lazyComponent(() =>
        import('./specifications-timeline').then((module) => module.SpecificationsTimeline),
      ),
    },
  ],
};
