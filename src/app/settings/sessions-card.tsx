/**
 * The signed-in user's active sessions (docs/security.md "Tokens"): one row per sign-in with
 * its browser, address, when it began and was last used; any other one can be signed out
 * (its tokens stop working at once). Shown for an own sign-in only.
 */
import { Button, Callout, Card, Classes, H2, HTMLTable, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiClient, unwrap } from '../../api';
import { DATE_TIME_FORMAT } from '../../i18n';

const SESSIONS_KEY = ['auth', 'me', 'sessions'] as const;

export function SessionsCard() {
  const intl = useIntl();
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => unwrap(apiClient.GET('/auth/me/sessions/')),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      unwrap(apiClient.DELETE('/auth/me/sessions/{id}/', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  // The lists' date-time (src/i18n/dates.ts, docs/product.md "Lists").
  const when = (iso: string) => intl.formatDate(iso, DATE_TIME_FORMAT);
  return (
    <Card elevation={1} className="joule-settings-card joule-sessions">
      <H2>
        <FormattedMessage id="app.settings.sessions.title" />
      </H2>
      {sessions.error && (
        <Callout intent="danger">
          <FormattedMessage id="app.settings.sessions.failed" />
        </Callout>
      )}
      {sessions.data && (
        <HTMLTable
          compact
          striped
          aria-label={intl.formatMessage({ id: 'app.settings.sessions.title' })}
        >
          <thead>
            <tr>
              <th>
                <FormattedMessage id="app.settings.sessions.device" />
              </th>
              <th>
                <FormattedMessage id="app.settings.sessions.address" />
              </th>
              <th>
                <FormattedMessage id="app.settings.sessions.created" />
              </th>
              <th>
                <FormattedMessage id="app.settings.sessions.lastUsed" />
              </th>
              <th>
                <span className={Classes.TEXT_MUTED}>
                  <FormattedMessage id="app.settings.sessions.actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((session) => (
              <tr key={session.id}>
                <td>{session.user_agent ?? '—'}</td>
                <td>{session.address ?? '—'}</td>
                <td>{when(session.created_at)}</td>
                <td>{when(session.last_used_at)}</td>
                <td>
                  {session.current ? (
                    <Tag minimal intent="primary">
                      <FormattedMessage id="app.settings.sessions.current" />
                    </Tag>
                  ) : (
                    <Button
                      size="small"
                      icon="log-out"
                      loading={revoke.isPending && revoke.variables === session.id}
                      onClick={() => revoke.mutate(session.id)}
                    >
                      <FormattedMessage id="app.settings.sessions.signOut" />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
