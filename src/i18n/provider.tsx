import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import {
  loadedMessages,
  loadMessages,
  subscribeCatalogues,
  wantedCatalogues,
  type Messages,
} from './catalogues';
import { dateLocale } from './dates';
import { useSettings, type Language } from './settings';

/** Props of `I18nProvider`. */
export interface I18nProviderProps {
  children: ReactNode;
  /**
   * Shown until the first catalogue has loaded.
   * @default null
   */
  fallback?: ReactNode;
  /**
   * Language to use instead of the stored setting (tests, previews).
   * @default the `language` of the app settings
   */
  language?: Language;
}

type Loaded = { readonly language: Language; readonly messages: Messages };

/** Missing translations are expected while codegen catches up: warn in development only. */
const onError: IntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') {
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn(error.message);
    return;
  }
  console.error(error);
};

/**
 * `react-intl` for the chosen language (docs/product.md §1, §9): loads the catalogue on first use,
 * keeps showing the previous one while the next loads, and sets `<html lang>`.
 */
export function I18nProvider({ children, fallback = null, language }: I18nProviderProps) {
  const settings = useSettings();
  const wanted = language ?? settings.language;
  // The catalogue with what is wanted now (the generated labels, the lazy messages),
  // once loaded: a catalogue loaded before the first render is used in it (a server-rendered
  // page hydrates with the messages it was rendered with), and one loaded later is here
  // before whatever waited for it renders (`loadMessages` tells its subscribers first).
  const current = useSyncExternalStore(
    subscribeCatalogues,
    () => loadedMessages(wanted),
    () => loadedMessages(wanted),
  );
  // What is wanted: the catalogue to load when it grows (the language's may be loaded
  // without it).
  const step = useSyncExternalStore(subscribeCatalogues, wantedCatalogues, wantedCatalogues);
  // The previous catalogue keeps showing while the next loads.
  const [previous, setPrevious] = useState<Loaded | null>(null);
  if (current && previous?.messages !== current) {
    setPrevious({ language: wanted, messages: current });
  }
  const loaded: Loaded | null = current ? { language: wanted, messages: current } : previous;

  useEffect(() => {
    if (current) return;
    loadMessages(wanted).catch((error: unknown) => console.error('Loading messages failed', error));
  }, [wanted, current, step]);

  const shownLanguage = loaded?.language;
  useEffect(() => {
    if (shownLanguage) document.documentElement.lang = shownLanguage;
  }, [shownLanguage]);

  if (!loaded) return <>{fallback}</>;
  return (
    <IntlProvider
      // Dates, numbers and relative times in the language's locale
      // (docs/product.md §9: en-US default).
      locale={dateLocale(loaded.language)}
      defaultLocale="cs"
      messages={loaded.messages}
      onError={onError}
    >
      {children}
    </IntlProvider>
  );
}
