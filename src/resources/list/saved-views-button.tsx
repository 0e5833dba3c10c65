import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from '../router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@blueprintjs/core';
import { LazyPopover } from '../lazy-popover';
import type { ResourceDescriptor } from '../descriptor';
import { messages } from '../messages';
import { useResourceRuntime } from '../registry/resource-runtime';
import type { ColumnSettingsController } from './column-settings';
import type { ListState } from './list-query';
import { VIEW_PARAM, fetchView, useSavedViews, viewSearch, viewToApply } from './saved-views';

/** Props of `SavedViewsButton`. */
export interface SavedViewsProps {
  readonly descriptor: ResourceDescriptor;
  /** The list's current state, saved as a view. */
  readonly state: ListState;
  /** The list's URL search (`?search=…&sort=…`), what a view keeps. */
  readonly search: string;
  readonly columns: ColumnSettingsController;
}

const loadPopover = async () => (await import('./saved-views-popover')).SavedViewsPopover;

/**
 * The list's "Views" button (docs/api.md "Saved views"): the user's views and those shared
 * with their roles, and saving the list as it is now (popover loaded on first use). A URL
 * naming a view alone (`?view=7`) shows that view. Nothing where the back-end keeps no views.
 */
export function SavedViewsButton(props: SavedViewsProps) {
  const intl = useIntl();
  const { keepsViews, api } = useResourceRuntime();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const views = useSavedViews(props.descriptor);
  const toApply = keepsViews ? viewToApply(params) : null;
  const { apply } = props.columns;
  useEffect(() => {
    if (toApply === null) return;
    let live = true;
    fetchView(client, api, toApply).then(
      (view) => {
        if (!live) return;
        if (view.columns) apply(view.columns);
        setParams(new URLSearchParams(viewSearch(view)), { replace: true });
      },
      () => undefined, // A view the user may not see: the list as it is.
    );
    return () => {
      live = false;
    };
  }, [toApply, client, api, setParams, apply]);
  if (!keepsViews) return null;
  const current = views.data?.find((view) => String(view.id) === params.get(VIEW_PARAM));
  const label = intl.formatMessage(messages.views);
  return (
    <LazyPopover load={loadPopover} props={props}>
      <Button
        icon="bookmark"
        text={current ? `${label}: ${current.name}` : label}
        aria-label={current ? `${label}: ${current.name}` : label}
      />
    </LazyPopover>
  );
}
