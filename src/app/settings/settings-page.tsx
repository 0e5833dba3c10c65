/**
 * Settings (docs/product.md §2): theme and language, 'Save settings'; stored locally, applied at
 * once. One's own password and e-mail (docs/security.md "Account changes") and active sessions
 * (docs/security.md "Tokens"). A superuser also
 * edits the supplier's global settings here (docs/product.md).
 */
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, H1, Radio, RadioGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  languages,
  saveSettings,
  themes,
  useSettings,
  type AppSettings,
  type Language,
  type Theme,
} from '../../i18n';
import { SUPERUSER, canUse, useAbility, useSession } from '../../auth';
import { notify } from '../notifications/notify';
import { AccountForm } from './account-form';
import { GlobalSettingsForm } from './global-settings-form';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const themeLabels: Readonly<Record<Theme, string>> = {
  light: 'app.settings.theme.light',
  dark: 'app.settings.theme.dark',
  darkBlue: 'app.settings.theme.darkBlue',
};

const languageLabels: Readonly<Record<Language, string>> = {
  cs: 'app.settings.language.cs',
  en: 'app.settings.language.en',
};

export function SettingsPage() {
  const intl = useIntl();
  const superuser = canUse(useAbility(), SUPERUSER);
  // With single sign-on the provider keeps the password and e-mail.
  const ownSignIn = useSession().backend === 'joule';
  const saved = useSettings();
  const [draft, setDraft] = useState<AppSettings>(saved);
  const [justSaved, setJustSaved] = useState(false);

  function change(next: Partial<AppSettings>) {
    setDraft((current) => ({ ...current, ...next }));
    setJustSaved(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saveSettings(draft);
    setJustSaved(true);
    notify({ type: 'success', message: { id: 'app.settings.saved' } });
  }

  return (
    <div className="joule-page joule-settings">
      <header className="joule-page-header">
        <H1>
          <FormattedMessage id="app.settings.title" />
        </H1>
      </header>
      <Card elevation={1} className="joule-settings-card">
        <form onSubmit={onSubmit}>
          <RadioGroup
            label={intl.formatMessage({ id: 'app.settings.theme' })}
            selectedValue={draft.theme}
            onChange={(event) => change({ theme: event.currentTarget.value as Theme })}
          >
            {themes.map((theme) => (
              <Radio
                key={theme}
                value={theme}
                label={intl.formatMessage({ id: themeLabels[theme] })}
              />
            ))}
          </RadioGroup>
          <RadioGroup
            label={intl.formatMessage({ id: 'app.settings.language' })}
            selectedValue={draft.language}
            onChange={(event) => change({ language: event.currentTarget.value as Language })}
          >
            {languages.map((language) => (
              <Radio
                key={language}
                value={language}
                label={intl.formatMessage({ id: languageLabels[language] })}
              />
            ))}
          </RadioGroup>
          <div className="joule-form-actions">
            <Button type="submit" intent="primary" icon="floppy-disk">
              <FormattedMessage id="app.settings.save" />
            </Button>
          </div>
          <div role="status" className="joule-settings-status">
            {justSaved && (
              <Callout intent="success" icon="tick" compact>
                <FormattedMessage id="app.settings.saved" />
              </Callout>
            )}
          </div>
        </form>
      </Card>
      {ownSignIn && <AccountForm />}
      {ownSignIn && <TwoFactorCard />}
      {ownSignIn && <SessionsCard />}
      {superuser && <GlobalSettingsForm />}
    </div>
  );
}
