/** Public surface of `src/i18n` (docs/architecture.md "Conventions": public surfaces). */
export {
  loadedMessages,
  loadMessages,
  preloadLazyMessages,
  resourceLabelsWanted,
  subscribeCatalogues,
  wantLazyMessages,
  wantResourceLabels,
} from './catalogues';
export type { Messages } from './catalogues';
export {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DATE_TIME_SECONDS_FORMAT,
  DEFAULT_DATE_LOCALE,
  dateLocale,
  isIsoDate,
  toIsoDate,
} from './dates';
export { I18nProvider } from './provider';
export type { I18nProviderProps } from './provider';
export {
  SETTINGS_STORAGE_KEY,
  defaultSettings,
  getSettings,
  languages,
  parseSettings,
  saveSettings,
  subscribeSettings,
  themes,
  useSettings,
} from './settings';
export type { AppSettings, Language, Theme } from './settings';
