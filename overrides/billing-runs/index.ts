/**
 * Billing runs (docs/billing.md "Billing run"): "New" asks for the month (a month picker; the API
 * takes its first day) and starts the run, its dialog then showing the run (no reopening); the list shows each run's month by name; the run's dialog shows a progress bar (done, failed, remaining) that
 * follows `GET /billing-runs/{id}/progress/` every second while the run goes, a cancel
 * button (`POST /billing-runs/{id}/cancel/`) and the failures with their reasons, each
 * linking to its contract's record (`/contracts/7`, src/resources/record-path.tsx).
 */
import { lazyComponent, mergeFieldUi, type ResourceOverride } from '../../src/resources';
import { runPanelMessages } from './panel-messages';
import { markCreated } from './just-created';
import { monthText } from './month';

/** The month widget's name in `ui:widget`. */
export const MONTH_WIDGET = 'month';

/** `MonthWidget`, its code loaded with the first form that shows it. */
const LazyMonthWidget = lazyComponent(() =>
  import('./month-widget').then((module) => module.MonthWidget),
);

/** The run's month field (server/resources/definitions/billing.ts). */
const MONTH = 'month';
/** The run's state field. */
const STATE = 'state';

/**
 * The billing runs override: the month picked and shown as a month; the progress panel, whose
 * code loads when a dialog first shows it.
 */
export const billingRunsOverride: ResourceOverride = {
  descriptor: (descriptor) => ({
    ...descriptor,
    // The state shows as the progress panel's badge, as the list labels it, not as a field.
    uiSchema: mergeFieldUi(descriptor.uiSchema, {
      [MONTH]: { 'ui:widget': MONTH_WIDGET },
      [STATE]: { 'ui:widget': 'hidden' },
    }),
  }),
  widgets: { [MONTH_WIDGET]: LazyMonthWidget },
  cells: { [MONTH]: { format: (row, locale) => monthText(row[MONTH], locale) } },
  // The new run's dialog at once: its state and progress follow without reopening it.
  openAfterCreate: true,
  // Followed to its end, so that the bell says how it ended (run-panel.tsx).
  onCreated: (row) => markCreated(row.id),
  panels: [
    {
      id: 'run-progress',
      title: runPanelMessages.progress.id,
      component: lazyComponent(() => import('./run-panel').then((module) => module.RunPanel)),
    },
  ],
};
