/**
 * The registry's contents; only ever imported dynamically (see shell-registry.ts), so that the
 * descriptors and the generic runtime form their own chunks.
 */
import { useCallback, type ReactNode } from 'react';
import { groups, overrides, views } from '../../overrides';
import { apiFeatures, descriptors, descriptorsByName } from '../generated/descriptors';
import { formValidators } from '../generated/validators';
import { apiClient, request } from '../api';
import {
  loadListCode,
  mergeOverrides,
  preferencesQueryOptions,
  prefetchResourceList,
  preloadRecordDialog,
  LazyResourceGroupPage,
  ResourcePage,
  ResourceRuntimeProvider,
  screenOverride,
  setLazyMessagesLoader,
} from '../resources';
import { preloadLazyMessages, wantLazyMessages } from '../i18n';
import { canUse, useAbility, useCurrentUser } from '../auth';
import { pageTitleId } from './menus';
import { notify } from './notifications/notify';
import { preloadLazyIcons } from './icons';
import { getQueryClient } from './query-client';
import { createResourceEventHandler } from './notifications/resource-events';
import type { GroupScreenProps, ShellRegistry, ResourceScreenProps } from './shell-registry';
import { showSnackbar } from './snackbar/snackbar';

// Code loaded on first use (dialogs, the overrides' panels and pages, the filter bar) brings
// the messages only it shows (its folder's cs.json, en.json) into the catalogue. Their
// preload, once a list's rows are painted, starts the icons a first page does not draw too.
setLazyMessagesLoader({
  load: wantLazyMessages,
  preload: () => {
    preloadLazyMessages();
    void preloadLazyIcons();
  },
});

const merged = mergeOverrides(descriptors, overrides);
const mergedByName = mergeOverrides(descriptorsByName, overrides);

/**
 * Saves, deletes and their failures → bell, snackbar, error report (docs/product.md §4, §8); the
 * `onEvent` of `ResourceRuntimeProvider`.
 */
export const onResourceEvent = createResourceEventHandler({
  resourceTitles: Object.fromEntries(
    // "Zákazník: záznam „…“ byl uložen": one row's name when the back-end gives it.
    merged.map((descriptor) => [descriptor.name, descriptor.singular ?? descriptor.title]),
  ),
  notify,
  showSnackbar,
});

/** Whether the signed-in user may use a privilege; follows sign-in and sign-out. */
function useMayUse(): (privilege: string | null) => boolean {
  const ability = useAbility();
  // `ability.rules` changes identity on every update, so the callback follows sign-in/out.
  const rules = ability.rules;
  return useCallback(
    (privilege: string | null) => canUse(ability, privilege),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `rules` stands for `ability`'s state.
    [ability, rules],
  );
}

/**
 * The resource runtime's services for a screen (`ResourceRuntimeProvider`): every resource's descriptor, the overrides, the
 * signed-in user (whose column choices and notifications these are) and `mayUse`.
 */
function ScreenRuntime({
  mayUse,
  children,
}: {
  readonly mayUse: (privilege: string | null) => boolean;
  readonly children: ReactNode;
}) {
  const owner = useCurrentUser()?.id ?? null;
  return (
    <ResourceRuntimeProvider
      descriptorsByName={mergedByName}
      overrides={overrides}
      onEvent={onResourceEvent}
      owner={owner}
      mayUse={mayUse}
      formValidators={formValidators}
      keepsPreferences={apiFeatures.userPreferences}
      keepsViews={apiFeatures.savedViews}
    >
      {children}
    </ResourceRuntimeProvider>
  );
}

/**
 * `ResourcePage` with the other resources' descriptors and the overrides at hand, or the
 * page an override puts in its place (`screen`, e.g. the reports).
 */
function ResourceScreen({ descriptor }: ResourceScreenProps) {
  const Screen = screenOverride(descriptor, overrides, mergedByName)?.component;
  return (
    <ScreenRuntime mayUse={useMayUse()}>
      {Screen ? (
        <Screen descriptor={descriptor} />
      ) : (
        <ResourcePage descriptor={descriptor} title={pageTitleId(descriptor)} />
      )}
    </ScreenRuntime>
  );
}

/** A group's page (`ResourceGroupPage`): the member resources the user may use, one tab each. */
function GroupScreen({ group }: GroupScreenProps) {
  const mayUse = useMayUse();
  const members = group.resources.flatMap((name) => {
    const descriptor = mergedByName[name];
    return descriptor && mayUse(descriptor.privilege) ? [descriptor] : [];
  });
  return (
    <ScreenRuntime mayUse={mayUse}>
      <LazyResourceGroupPage group={group} descriptors={members} />
    </ScreenRuntime>
  );
}

export const registry: ShellRegistry = {
  descriptors: merged,
  ResourceScreen,
  groups,
  views,
  GroupScreen,
  hasOwnScreen: (descriptor) => screenOverride(descriptor, overrides, mergedByName) !== undefined,
  preloadDialog: (descriptor) => {
    const { retrieve, update, create } = descriptor.operations;
    if (screenOverride(descriptor, overrides, mergedByName) || !(retrieve || update || create))
      return;
    preloadRecordDialog(formValidators[descriptor.name]);
  },
  loadListCode: (descriptor, params) =>
    screenOverride(descriptor, overrides, mergedByName)
      ? Promise.resolve()
      : loadListCode(descriptor, params, overrides[descriptor.name]),
  // A screen an override replaces shows no list: nothing to fetch ahead.
  prefetchList: async (descriptor, params) => {
    if (screenOverride(descriptor, overrides, mergedByName)) return;
    await Promise.all([
      prefetchResourceList(getQueryClient(), request, descriptor, params),
      // The user's columns arrive with the rows, not after them.
      getQueryClient().prefetchQuery(
        preferencesQueryOptions(apiClient, apiFeatures.userPreferences),
      ),
      // A filtered list shows its filter bar at once: its code too (a failure is the bar's).
      loadListCode(descriptor, params, overrides[descriptor.name]).catch(() => undefined),
    ]);
  },
};
