/**
 * The title of the billing run dialog's progress panel, apart from `messages.ts` (which only
 * the panel, loaded on first use, imports): the registry shows it, so its text loads with
 * every list page (locales/overrides/), the panel's others with the panel.
 */
import { defineMessages } from 'react-intl';

/** The progress panel's title. */
export const runPanelMessages = defineMessages({
  progress: { id: 'overrides.billingRuns.progress', defaultMessage: 'Progress' },
});
