/**
 * Consumption points (issue 13 "Consumption point"): the point dialog shows its
 * specifications as a timeline with "New specification from …" (see
 * `specifications-timeline.tsx`).
 */
import type { ResourceOverride } from '../../src/resources';
import { specificationsTimelinePanel } from './specifications-timeline';

/** The points override. */
export const pointsOverride: ResourceOverride = { panels: [specificationsTimelinePanel] };
