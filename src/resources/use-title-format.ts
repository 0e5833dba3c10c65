import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { cellFormatter, createFormatters } from './list/format';
import { messages } from './messages';
import type { TitleFormat } from './row-title';

/**
 * The {@link TitleFormat} of the current language: a title part written as its list cell
 * is (a payment's type by name, its amount `1 500,00`, a reading's time `31. 12. 2025 0:00`).
 */
export function useTitleFormat(): TitleFormat {
  const intl = useIntl();
  return useMemo(() => {
    const formatters = createFormatters(intl.locale);
    const words = {
      yes: intl.formatMessage(messages.yes),
      no: intl.formatMessage(messages.no),
      message: (id: string, fallback: string) =>
        intl.formatMessage({ id, defaultMessage: fallback }),
    };
    return (field, value) => cellFormatter(field, formatters, words)(value);
  }, [intl]);
}
