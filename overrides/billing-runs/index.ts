/**
 * Billing runs (issue #15 "Billing run"): "New" asks for the month (its first day) and
 * starts the run; the run's dialog shows a progress bar (done, failed, remaining) that
 * follows `GET /billing-runs/{id}/progress/` every second while the run goes, a cancel
 * button (`POST /billing-runs/{id}/cancel/`) and the failures with their reasons, each
 * linking to its contract's record (`/contracts/7`, src/resources/record-path.tsx).
 */
import { lazyComponent, type ResourceOverride } from '../../src/resources';
import { runMessages } from './messages';

/** The billing runs override: the progress panel; its code loads when a dialog first shows it. */
export const billingRunsOverride: ResourceOverride = {
  panels: [
    {
      id: 'run-progress',
      title: runMessages.progress.id,
      component: lazyComponent(() => import('./run-panel').then((module) => module.RunPanel)),
    },
  ],
};
