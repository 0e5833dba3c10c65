import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '../router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  FormGroup,
  InputGroup,
  Menu,
  MenuDivider,
  MenuItem,
  PopoverNext,
} from '@blueprintjs/core';
import { ApiError, unwrap, writeBody } from '../../api';
import type { PopoverHostProps } from '../lazy-popover';
import { messages } from '../messages';
import { useResourceRuntime } from '../registry/resource-runtime';
import { VIEW_PARAM, useSavedViews, viewSearch, viewsKey, type SavedView } from './saved-views';
import type { SavedViewsProps } from './saved-views-button';

/** Roles a superuser may share a view with. */
function useRoles(enabled: boolean) {
  const { api } = useResourceRuntime();
  return useQuery({
    queryKey: ['views', 'roles'],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/roles/titles/', { params: { query: { page_size: 100 } }, signal })))
        .results,
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The "Views" popover (loaded on first use, `saved-views-button.tsx`): the views to pick
 * (own ones deletable), and a form that saves the list as it is now under a name; a
 * superuser may share it with roles.
 */
export function SavedViewsPopover({
  descriptor,
  search,
  columns,
  defaultIsOpen,
  children,
}: SavedViewsProps & PopoverHostProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { api, mayUse } = useResourceRuntime();
  const views = useSavedViews(descriptor);
  const superuser = mayUse('superuser');
  const roles = useRoles(superuser);
  const [name, setName] = useState('');
  const [shared, setShared] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: viewsKey(descriptor.name) });

  const save = useMutation({
    mutationFn: async () => {
      const params = new URLSearchParams(search);
      params.delete(VIEW_PARAM);
      params.delete('page');
      const body = writeBody<SavedView>({
        resource: descriptor.name,
        name,
        query: params.toString(),
        columns: { order: [...columns.settings.order], hidden: [...columns.settings.hidden] },
        roles: shared,
      });
      return unwrap(api.POST('/auth/me/views/', { body }));
    },
    onSuccess: async (view) => {
      setName('');
      setShared([]);
      setError(null);
      await refresh();
      void navigate({ search: viewSearch(view) }, { replace: true });
    },
    onError: (failure) =>
      setError(
        failure instanceof ApiError
          ? [
              failure.detail,
              ...failure.nonFieldErrors,
              ...Object.values(failure.fieldErrors).flat(),
            ]
              .filter((text): text is string => typeof text === 'string' && text !== '')
              .join(' ') || intl.formatMessage(messages.viewSaveFailed)
          : intl.formatMessage(messages.viewSaveFailed),
      ),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/auth/me/views/{id}/', { params: { path: { id } } })),
    onSuccess: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') save.mutate();
  };
  const title = intl.formatMessage(messages.views);
  return (
    <PopoverNext
      placement="bottom-end"
      defaultIsOpen={defaultIsOpen}
      content={
        <section className="joule-column-chooser" aria-label={title}>
          <Menu aria-label={title}>
            {(views.data ?? []).length === 0 && (
              <MenuItem disabled text={intl.formatMessage(messages.viewsNone)} />
            )}
            {(views.data ?? []).map((view) => (
              <MenuItem
                key={view.id}
                icon="bookmark"
                text={view.name}
                label={view.mine ? undefined : intl.formatMessage(messages.viewShared)}
                onClick={() => {
                  if (view.columns) columns.apply(view.columns);
                  void navigate({ search: viewSearch(view) });
                }}
                labelElement={
                  view.mine ? (
                    <Button
                      variant="minimal"
                      size="small"
                      icon="trash"
                      aria-label={intl.formatMessage(messages.viewDelete, { name: view.name })}
                      onClick={(event) => {
                        event.stopPropagation();
                        remove.mutate(view.id);
                      }}
                    />
                  ) : undefined
                }
              />
            ))}
          </Menu>
          <MenuDivider />
          <form onSubmit={submit} style={{ padding: 8 }}>
            <FormGroup label={intl.formatMessage(messages.viewName)} labelFor="joule-view-name">
              <InputGroup
                id="joule-view-name"
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.target.value)}
              />
            </FormGroup>
            {superuser && (roles.data ?? []).length > 0 && (
              <fieldset style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
                <legend>{intl.formatMessage(messages.viewShareWith)}</legend>
                {(roles.data ?? []).map((role) => (
                  <Checkbox
                    key={role.id}
                    label={role.title ?? String(role.id)}
                    checked={shared.includes(role.id)}
                    onChange={(event) => {
                      // Read now: the event's currentTarget is gone when React runs the update.
                      const { checked } = event.currentTarget;
                      setShared((current) =>
                        checked ? [...current, role.id] : current.filter((id) => id !== role.id),
                      );
                    }}
                  />
                ))}
              </fieldset>
            )}
            {error && (
              <p role="alert" className="joule-export-error">
                {error}
              </p>
            )}
            <Button
              type="submit"
              intent="primary"
              icon="floppy-disk"
              loading={save.isPending}
              disabled={name.trim() === ''}
              text={intl.formatMessage(messages.viewSave)}
            />
          </form>
        </section>
      }
    >
      {children}
    </PopoverNext>
  );
}
