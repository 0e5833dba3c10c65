import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import {
  loadedMessages,
  loadMessages,
  resourceLabelsWanted,
  subscribeResourceLabels,
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
 * `react-intl` for the chosen language (docs/product.md §1, §9): loads the catalogue on demand,
 * keeps showing the previous one while the next loads, and sets `<html lang>`.
 */
export function I18nProvider({ children, fallback = null, language }: I18nProviderProps) {
  const settings = useSettings();
  const wanted = language ?? settings.language;
  // Once the signed-in app wants the generated labels, the catalogue is loaded again with them.
  const labels = useSyncExternalStore(
    subscribeResourceLabels,
    resourceLabelsWanted,
    resourceLabelsWanted,
  );
  // A catalogue loaded before the first render is used in it (a server-rendered page
  // hydrates with the messages it was rendered with).
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const messages = loadedMessages(wanted);
    return messages ? { language: wanted, messages } : null;
  });

  useEffect(() => {
    let cancelled = false;
    loadMessages(wanted).then(
      (messages) => {
        if (cancelled) return;
        setLoaded((previous) =>
          previous?.language === wanted && previous.messages === messages
            ? previous
            : { language: wanted, messages },
        );
      },
      (error: unknown) => console.error('Loading messages failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, labels]);

  useEffect(() => {
    if (loaded) document.documentElement.lang = loaded.language;
  }, [loaded]);

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
