/**
 * The providers every page runs in: language, Blueprint overlays, snackbar. The abilities are
 * the signed-in shell's (layout/shell.tsx), so that the login page does without CASL.
 */
import type { ReactNode } from 'react';
import { OverlaysProvider } from '@blueprintjs/core';
import { I18nProvider, type Language } from '../i18n';
import { PageLoading } from './page-loading';
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
        {children}
        <SnackbarHost />
      </OverlaysProvider>
    </I18nProvider>
  );
}
