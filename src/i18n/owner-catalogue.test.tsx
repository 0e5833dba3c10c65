/**
 * @vitest-environment jsdom
 *
 * One translation file pair per owner (docs/extending.md "Messages"): a label written only in
 * `locales/cs.json` and `locales/en.json`, say a new toolbar button's, is shown wherever the
 * app shows it — on the list page (the catalogue with the page's labels) and in a dialog
 * (the catalogue with the lazy messages) — with the catalogues loaded as the app loads them
 * (`loadMessages`, `wantResourceLabels`, `wantLazyMessages`, `I18nProvider`), not from a
 * copy of the files.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import cs from '../../locales/cs.json';
import en from '../../locales/en.json';
import { loadMessages, wantLazyMessages, wantResourceLabels } from './catalogues';
import { I18nProvider } from './provider';
import type { Language } from './settings';

afterEach(cleanup);

const files: Record<Language, Record<string, string>> = { cs, en };

/** The ids of `lang`'s file that the catalogue loaded now lacks or shows otherwise. */
async function missing(lang: Language): Promise<string[]> {
  const catalogue = await loadMessages(lang);
  return Object.entries(files[lang])
    .filter(([id, text]) => catalogue[id] !== text)
    .map(([id]) => id);
}

/** A toolbar button labelled by the message `id`. */
function ToolbarButton({ id }: { id: string }) {
  return <button type="button">{useIntl().formatMessage({ id })}</button>;
}

describe('a message in locales/cs.json and en.json alone', () => {
  it('is in the catalogue of the login page, of a list page and of its dialog, in both languages', async () => {
    for (const lang of ['cs', 'en'] as const) expect(await missing(lang)).toEqual([]);
    await wantResourceLabels(['customers']);
    for (const lang of ['cs', 'en'] as const) expect(await missing(lang)).toEqual([]);
    await wantLazyMessages();
    for (const lang of ['cs', 'en'] as const) expect(await missing(lang)).toEqual([]);
  });

  it('labels a toolbar button on the list page and in the dialog', async () => {
    await wantResourceLabels(['customers']);
    render(
      <I18nProvider language="en">
        <ToolbarButton id="app.resources.exportCsv" />
      </I18nProvider>,
    );
    expect(await screen.findByRole('button', { name: en['app.resources.exportCsv'] })).toBeTruthy();
    await act(() => wantLazyMessages());
    render(
      <I18nProvider language="cs">
        <div role="dialog">
          <ToolbarButton id="app.resources.exportCsv" />
        </div>
      </I18nProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toBe(cs['app.resources.exportCsv']);
  });
});
