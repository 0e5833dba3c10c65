/**
 * A billing refusal as people read it (docs/billing.md): the server's message in the UI's
 * language, with the point (`EAN – name`) and the meter (its serial) it names linked to their
 * records (`/points/<id>`, `/tariffdevices/<id>`, docs/product.md record URLs) and its day shown
 * in the UI's date format rather than the server's.
 */
import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApiSchema } from '../../src/api';
import { formatDateText, Link } from '../../src/resources';

/** What a refusal carries: the bill preview's and a billing run failure's reasons alike. */
export type RefusalReason = Pick<
  ApiSchema<'BillRefusal'>,
  'message' | 'point_id' | 'point_title' | 'device_id' | 'device_title' | 'day'
>;

interface Token {
  readonly text: string;
  readonly node: (key: number) => ReactNode;
}

/** `YYYY-MM-DD` as the server writes it in Czech (`1. 4. 2026`). */
const czechDay = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${Number(day)}. ${Number(month)}. ${year}`;
};

/** The pieces of `message`, each token's occurrences replaced by its node. */
export function splitByTokens(message: string, tokens: readonly Token[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let rest = message;
  let key = 0;
  for (;;) {
    let found: { at: number; token: Token } | null = null;
    for (const token of tokens) {
      if (!token.text) continue;
      let at = rest.indexOf(token.text);
      // `#7` is not the start of `#70`.
      while (at >= 0 && /\d/.test(rest.charAt(at + token.text.length)))
        at = rest.indexOf(token.text, at + 1);
      if (at >= 0 && (!found || at < found.at)) found = { at, token };
    }
    if (!found) break;
    if (found.at > 0) parts.push(rest.slice(0, found.at));
    parts.push(found.token.node(key++));
    rest = rest.slice(found.at + found.token.text.length);
  }
  if (rest) parts.push(rest);
  return parts;
}

/** One refusal's message with its point and meter as links and its day in the UI's format. */
export function RefusalText({ reason }: { readonly reason: RefusalReason }) {
  const intl = useIntl();
  const tokens: Token[] = [];
  if (reason.point_id !== undefined && reason.point_title)
    tokens.push({
      text: reason.point_title,
      node: (key) => (
        <Link key={key} to={`/points/${reason.point_id}`}>
          {reason.point_title}
        </Link>
      ),
    });
  if (reason.device_id !== undefined && reason.device_title)
    tokens.push({
      text: reason.device_title,
      node: (key) => (
        <Link key={key} to={`/tariffdevices/${reason.device_id}`}>
          {reason.device_title}
        </Link>
      ),
    });
  if (reason.day && /^\d{4}-\d{2}-\d{2}$/.test(reason.day)) {
    const shown = formatDateText(reason.day, intl.locale);
    for (const text of [reason.day, czechDay(reason.day)])
      tokens.push({ text, node: (key) => <Fragment key={key}>{shown}</Fragment> });
  }
  return <>{splitByTokens(reason.message, tokens)}</>;
}
