/**
 * The state a server-rendered page embeds for the app to hydrate it with
 * (server/http/first-page.ts, src/ssr/first-page.tsx; docs/architecture.md "First page").
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { CurrentUser } from '../auth';
import type { Language } from '../i18n';
import { FIRST_PAGE_STATE_ID, type FirstPageState } from '../shared';

/** {@link FirstPageState} as the app reads it. */
export interface EmbeddedFirstPage {
  readonly user: CurrentUser;
  readonly language: Language;
  readonly dehydratedState: DehydratedState;
}

/**
 * Takes the state the server embedded (`#joule-first-page`) out of the document; null on a
 * static page or when unreadable (the app then renders the page afresh).
 */
export function takeFirstPageState(doc: Document = document): EmbeddedFirstPage | null {
  const element = doc.getElementById(FIRST_PAGE_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent || 'null') as Partial<FirstPageState> | null;
    const user = state?.user as Partial<CurrentUser> | undefined;
    const { language, dehydratedState } = state ?? {};
    const valid = typeof user?.id === 'number' && Array.isArray(user.privileges);
    if (!valid || (language !== 'cs' && language !== 'en')) return null;
    if (typeof dehydratedState !== 'object' || dehydratedState === null) return null;
    return {
      user: user as CurrentUser,
      language,
      dehydratedState: dehydratedState as DehydratedState,
    };
  } catch {
    return null;
  }
}
