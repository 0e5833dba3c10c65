/** The providers every page runs in: language, Blueprint overlays, abilities, snackbar. */
import type { ReactNode } from 'react';
import { OverlaysProvider } from '@blueprintjs/core';
import { AbilityProvider } from '../auth';
import { I18nProvider, type Language } from '../i18n';
import { PageLoading } from './root';
import { SnackbarHost } from './snackbar/snackbar';

export interface AppProvidersProps {
  children: ReactNode;
  /**
   * Language instead of the stored setting (tests).
   * @default the stored setting
   */
  language?: Language;
}

export function AppProviders({ children, language }: AppProvidersProps) {
  return (
    <I18nProvider language={language} fallback={<PageLoading />}>
      {/* Not BlueprintProvider: its hotkeys provider brings a dialog into the first chunk. */}
      <OverlaysProvider>
        <AbilityProvider>{children}</AbilityProvider>
        <SnackbarHost />
      </OverlaysProvider>
    </I18nProvider>
  );
}
